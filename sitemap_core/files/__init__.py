"""Layer 2, files: writing a file whole or not at all, bounded downloads, safe XML
parsing. Knows nothing of pages."""
