int c = 1;
