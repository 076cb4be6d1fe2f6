-- The threads stay: a Kira thread made early is harmless.
SELECT 1;
