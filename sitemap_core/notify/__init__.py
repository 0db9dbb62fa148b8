"""Layer 5, telling search engines what changed (IndexNow)."""
