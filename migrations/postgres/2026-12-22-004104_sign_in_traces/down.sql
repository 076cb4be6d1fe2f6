DROP TABLE sign_in_traces;
