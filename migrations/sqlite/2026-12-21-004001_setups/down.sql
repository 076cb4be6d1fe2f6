DROP TABLE setup_versions;
DROP TABLE setups;
