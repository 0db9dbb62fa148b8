"""Layer 3, facts about pages: git dates, the content state, what a page's head declares,
the media it shows, and where its lastmod comes from."""
