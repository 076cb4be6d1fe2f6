DROP TABLE sent_forms;
