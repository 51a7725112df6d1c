int b = 1;
