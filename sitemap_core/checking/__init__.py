"""Layer 4, checking: reading sitemap files safely, the protocol checks of files and sets,
robots.txt and feeds, the extension checks. Beside `writing`, never importing it."""
