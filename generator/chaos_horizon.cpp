// chaos horizon (being written)
