"""Layer 2, values: pages and their alternates, image, video and news values, URLs, dates,
and the issues and results a run reports."""
