"""Layer 4, writing: the rules per path, the part writer, the index, robots.txt, the whole
run, and the site map page for people. Beside `checking`, never importing it."""
