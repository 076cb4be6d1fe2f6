DROP TABLE setup_balances;
