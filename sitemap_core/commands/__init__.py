"""Layer 6, the commands: `sitemap-suite validate`, `generate`, `submit` and `versions`.

`main` is the `sitemap-suite` click group; each command is a module of its own:
`validate` checks sitemap files, a built site folder or a live site over http(s);
`generate` walks a built site (Hugo, Jekyll, Eleventy, anything that writes HTML files)
and writes its sitemaps with the core's one entry point, `build.write_sitemaps`;
`submit` tells IndexNow which URLs changed; `versions` writes the root sitemap of a
site that publishes several versions (mike, sphinx-multiversion). Report lines are `level code where: message`;
exit status 0 without errors, 1 with errors, 2 for a usage problem.
"""

from __future__ import annotations

import click

from . import generate, submit, validate, versions

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sitemap-suite", prog_name="sitemap-suite")
def main() -> None:
    """Write and check sitemaps.org sitemaps.

    \b
    sitemap-suite generate SITE_DIR --base-url URL   write sitemaps for a built site
    sitemap-suite validate TARGET...                 check files, a folder, or a URL
    sitemap-suite submit SITE_DIR                    tell IndexNow which URLs changed
    sitemap-suite versions DIR                       the root sitemap of versioned docs
    """


main.add_command(generate.generate)
main.add_command(validate.validate)
main.add_command(submit.submit)
main.add_command(versions.versions)
