"""Image, video and news extensions: exact XML, value checks, the news window, and the
validator's rules (one broken sitemap per rule, each caught at its line). Every fragment
the renderer makes passes the checks, `validate_files` and the official sitemaps.org
schema (its `##other` wildcard relaxed to lax: the extension schemas are not stored)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from sitemap_core.checking.extensions import ExtensionCheck, check_urlset
from sitemap_core.checking.validate import validate_files
from sitemap_core.protocol.extensions import (
    IMAGE_NS,
    MAX_IMAGES,
    MAX_NEWS_URLS,
    NEWS_NS,
    VIDEO_CHILDREN,
    VIDEO_NS,
    news_language,
)
from sitemap_core.values.media import (
    Image,
    News,
    Relationship,
    Video,
    declarations,
    in_news_window,
    media_fragment,
)
from xsd import schema

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
BASE = "https://example.org/docs/"
LOC = BASE + "guide/"
NOW = dt.datetime(2024, 5, 3, 12, 0, tzinfo=dt.UTC)
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
ALL_NS = declarations(["image", "video", "news"])
FULL_VIDEO = Video(
    thumbnail_loc="thumbs/123.jpg",
    title="Grilling steaks",
    description="Perfect steaks",
    content_loc="https://cdn.example.net/video 123.mp4",
    player_loc="https://player.example.net/?v=123&autoplay=1",
    duration=600,
    expiration_date="2030-11-05T19:20:30+08:00",
    rating=4.2,
    view_count=12345,
    publication_date=dt.date(2024, 5, 1),
    family_friendly=True,
    restriction=Relationship("allow", ("IE", "GB")),
    platform=Relationship("deny", ("tv",)),
    requires_subscription="No",
    uploader="Grill Co",
    uploader_info="about/",
    live=False,
    tags=("steak", "grill"),
)


def urlset(body: str, ns: str = ALL_NS) -> str:
    """A sitemap whose `body` starts on line 3."""
    return f'{DECL}<urlset xmlns="{SM}"{ns}>\n{body}\n</urlset>\n'


def issues_of(text: str, now: dt.datetime = NOW) -> list:
    return list(check_urlset(etree.fromstring(text.encode()), "f.xml", now=now))


def fragment(images=(), videos=(), indent=""):
    found, issues = media_fragment(
        images, videos, base_url=BASE, loc=LOC, page="guide.md", indent=indent
    )
    return found, issues


def write_and_check(tmp_path: Path, body: str, prefixes) -> None:
    """The full file passes our checks, validate_files and the (lax) official schema."""
    text = urlset(f"<url><loc>{LOC}</loc>{body}</url>", declarations(prefixes))
    path = tmp_path / "sitemap.xml"
    path.write_text(text, encoding="utf-8")
    assert issues_of(text) == []
    # Once validate runs these checks, its clock is the real one: NOW's articles are old.
    assert [
        i
        for i in validate_files([path], BASE + "sitemap.xml")
        if i.field != "publication_date" or i.level != "warning"
    ] == []
    tree = etree.parse(str(path))
    xsd = schema("urlset", lax=True)
    assert xsd.validate(tree), xsd.error_log


# -- rendering -------------------------------------------------------------------------


def test_image_xml_is_exact_and_encoded():
    found, issues = fragment(
        [Image("img/café & crème.png"), Image("https://cdn.example.net/a.jpg?w=1&h=2")],
        indent="\n  ",
    )
    assert issues == []
    assert found.prefixes == {"image"}
    assert found.xml == (
        "\n  <image:image>\n    <image:loc>https://example.org/docs/img/caf%C3%A9%20&amp;"
        "%20cr%C3%A8me.png</image:loc>\n  </image:image>"
        "\n  <image:image>\n    <image:loc>https://cdn.example.net/a.jpg?w=1&amp;h=2</image:loc>"
        "\n  </image:image>"
    )


def test_full_video_xml_in_schema_order(tmp_path):
    found, issues = fragment(videos=[FULL_VIDEO])
    assert issues == []
    assert found.xml == (
        "<video:video>"
        "<video:thumbnail_loc>https://example.org/docs/thumbs/123.jpg</video:thumbnail_loc>"
        "<video:title>Grilling steaks</video:title>"
        "<video:description>Perfect steaks</video:description>"
        "<video:content_loc>https://cdn.example.net/video%20123.mp4</video:content_loc>"
        "<video:player_loc>https://player.example.net/?v=123&amp;autoplay=1</video:player_loc>"
        "<video:duration>600</video:duration>"
        "<video:expiration_date>2030-11-05T19:20:30+08:00</video:expiration_date>"
        "<video:rating>4.2</video:rating><video:view_count>12345</video:view_count>"
        "<video:publication_date>2024-05-01</video:publication_date>"
        "<video:family_friendly>yes</video:family_friendly>"
        '<video:restriction relationship="allow">IE GB</video:restriction>'
        '<video:platform relationship="deny">tv</video:platform>'
        "<video:requires_subscription>no</video:requires_subscription>"
        '<video:uploader info="https://example.org/docs/about/">Grill Co</video:uploader>'
        "<video:live>no</video:live><video:tag>steak</video:tag><video:tag>grill</video:tag>"
        "</video:video>"
    )
    root = etree.fromstring(urlset(f"<url><loc>{LOC}</loc>{found.xml}</url>").encode())
    names = [etree.QName(e).localname for e in root.iter(f"{{{VIDEO_NS}}}*")][1:]
    assert set(names) == set(VIDEO_CHILDREN)
    assert names == sorted(names, key=VIDEO_CHILDREN.index)
    write_and_check(tmp_path, found.xml, found.prefixes)


def test_news_xml_and_defaults(tmp_path):
    news, issues = News("Café & co", dt.datetime(2024, 5, 2, 8, 30), language="pt_BR").checked(
        "post.md", name="The Daily", language="en"
    )
    assert issues == []
    assert news.xml() == (
        "<news:news><news:publication><news:name>The Daily</news:name>"
        "<news:language>pt</news:language></news:publication>"
        "<news:publication_date>2024-05-02T08:30:00Z</news:publication_date>"
        "<news:title>Café &amp; co</news:title></news:news>"
    )
    assert news.xml("\n ").startswith("\n <news:news>\n  <news:publication>\n   <news:name>")
    write_and_check(tmp_path, news.xml("\n "), ["news"])


def test_declarations_only_what_is_used_once_in_fixed_order():
    assert declarations([]) == ""
    assert declarations(["video", "image", "video"]) == (
        f' xmlns:image="{IMAGE_NS}" xmlns:video="{VIDEO_NS}"'
    )
    assert declarations({"news"}) == f' xmlns:news="{NEWS_NS}"'


def test_deprecated_image_fields_are_never_written():
    assert Image.__slots__ == ("loc",)
    found, _ = fragment([Image("a.png")])
    for name in ("caption", "title", "geo_location", "license"):
        assert name not in found.xml


# -- checks when writing -----------------------------------------------------------------


def test_images_once_each_and_at_most_1000():
    images = [Image(f"img/{i}.png") for i in range(MAX_IMAGES + 5)] + [Image("img/0.png")]
    found, issues = fragment(images)
    assert found.xml.count("<image:image>") == MAX_IMAGES
    assert [i.code for i in issues] == ["image"]
    assert "1,005 images" in issues[0].message


def test_bad_image_urls_are_left_out_with_an_issue():
    found, issues = fragment(
        [Image("data:image/png;base64,AAAA"), Image("https://[bad/x.png"), Image("ok.png")]
    )
    assert found.xml.count("<image:image>") == 1
    assert [(i.code, i.page) for i in issues] == [("image", "guide.md")] * 2


@pytest.mark.parametrize("field", ["thumbnail_loc", "title", "description"])
def test_a_video_without_a_required_field_is_left_out(field):
    video = Video(thumbnail_loc="t.jpg", title="T", description="D", content_loc="v.mp4")
    values = {f: getattr(video, f) for f in ("thumbnail_loc", "title", "description")}
    found, issues = fragment(videos=[Video(**{**values, field: "  "}, content_loc="v.mp4")])
    assert found.xml == "" and found.prefixes == frozenset()
    assert issues[0].code == "video" and f"no {field}" in issues[0].message
    assert "left out" in issues[0].message


def test_a_video_needs_content_or_player_not_the_page_itself():
    found, issues = fragment(videos=[Video("t.jpg", "T", "D", player_loc=LOC)])
    assert found.xml == ""
    assert "page's own URL" in issues[0].message and "needs a content_loc" in issues[1].message


def test_bad_optional_video_fields_are_dropped_not_the_video():
    video = Video(
        "t.jpg",
        "T",
        "D",
        content_loc="v.mp4",
        duration=28_801,
        rating="5.5",
        view_count=-1,
        family_friendly="maybe",
        expiration_date="next week",
        restriction=Relationship("block", ("IE",)),
        platform=Relationship("allow", ("web", "fridge")),
        tags=("x",) * 40,
    )
    found, issues = fragment(videos=[video])
    assert "<video:content_loc>" in found.xml
    for name in (
        "duration",
        "rating",
        "view_count",
        "family_friendly",
        "expiration_date",
        "restriction",
        "platform",
    ):
        assert f"<video:{name}" not in found.xml
    assert found.xml.count("<video:tag>") == 32
    fields = {i.field for i in issues}
    assert {
        "video.duration",
        "video.rating",
        "video.view_count",
        "video.family_friendly",
        "video.expiration_date",
        "video.restriction",
        "video.platform",
        "video.tag",
    } <= fields


def test_a_long_description_is_shortened_to_2048():
    found, issues = fragment(videos=[Video("t.jpg", "T", "word " * 600, content_loc="v.mp4")])
    text = etree.fromstring(urlset(f"<url><loc>{LOC}</loc>{found.xml}</url>").encode()).findtext(
        f".//{{{VIDEO_NS}}}description"
    )
    assert len(text) <= 2048 and text.endswith("\u2026")
    assert issues[0].field == "video.description"


def test_control_characters_never_reach_the_xml():
    found, _ = fragment(videos=[Video("t.jpg", "T\x0bitle", "D\x00", content_loc="v.mp4")])
    assert "<video:title>Title</video:title>" in found.xml
    etree.fromstring(urlset(f"<url><loc>{LOC}</loc>{found.xml}</url>").encode())


@pytest.mark.parametrize(
    ("locale", "code"),
    [
        ("en", "en"),
        ("en_US", "en"),
        ("pt-BR", "pt"),
        ("zh_CN", "zh-cn"),
        ("zh-Hans", "zh-cn"),
        ("zh_TW", "zh-tw"),
        ("zh-Hant-HK", "zh-tw"),
        ("zh", "zh"),
        ("fil", "fil"),
        ("klingon", "klingon"),
    ],
)
def test_news_language(locale, code):
    assert news_language(locale) == code


def test_news_with_a_bad_field_is_left_out():
    news, issues = News("T", "2024-05-02").checked("post.md", name="Daily", language="klingon")
    assert news is None and issues[0].field == "news.language"
    news, issues = News("", "2024-05-02").checked("post.md", name="Daily", language="en")
    assert news is None and issues[0].field == "news.title"
    assert "left out of the news sitemap" in issues[0].message


@pytest.mark.parametrize(
    ("published", "recent"),
    [
        (dt.datetime(2024, 5, 3, 11, 0, tzinfo=dt.UTC), True),
        ("2024-05-01T12:00:00Z", True),  # exactly two days
        ("2024-05-01T11:59:59Z", False),
        (dt.date(2024, 5, 2), True),  # midnight UTC: 36 hours
        (dt.date(2024, 5, 1), False),  # 60 hours
        ("2024-05-03T14:00:00+02:00", True),  # 12:00 UTC: now
        ("2024-05-04", False),  # the future
        ("someday", False),
    ],
)
def test_news_window(published, recent):
    assert in_news_window(published, NOW, 2) is recent
    assert News("T", published).recent(NOW) is recent


def test_news_window_length_is_a_setting():
    assert in_news_window("2024-04-30", NOW, 4)
    assert not in_news_window("2024-04-30", NOW, 2)


# -- every fragment passes -------------------------------------------------------------

_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40)
_url = st.builds(
    lambda path, host: f"https://{host}/{path}",
    _text,
    st.sampled_from(["example.org", "cdn.example.net", "xn--caf-dma.example"]),
)


@settings(max_examples=60, deadline=None)
@given(
    images=st.lists(st.builds(Image, _url), max_size=4),
    video=st.builds(
        Video,
        _url,
        _text,
        _text,
        content_loc=_url | st.none(),
        player_loc=_url,
        duration=st.integers(-5, 30_000) | st.none(),
        rating=st.floats(-1, 6) | st.none(),
        view_count=st.integers(-2, 10**9),
        publication_date=st.datetimes() | st.dates() | st.none(),
        family_friendly=st.booleans() | st.none(),
        tags=st.lists(_text, max_size=35).map(tuple),
        uploader=_text | st.none(),
    ),
    news_title=_text,
)
def test_every_rendered_fragment_passes(tmp_path_factory, images, video, news_title):
    found, _ = fragment(images, [video], indent="\n  ")
    news, _ = News(news_title, NOW).checked("p", name="Daily", language="en")
    body = found.xml + (news.xml("\n  ") if news else "")
    prefixes = set(found.prefixes) | ({"news"} if news else set())
    write_and_check(tmp_path_factory.mktemp("x"), body, prefixes)


# -- the validator: one broken file per rule -------------------------------------------

GOOD_VIDEO = (
    "<video:thumbnail_loc>https://example.org/t.jpg</video:thumbnail_loc>"
    "<video:title>T</video:title><video:description>D</video:description>"
    "<video:content_loc>https://example.org/v.mp4</video:content_loc>"
)
PUBLICATION = (
    "<news:publication><news:name>Daily</news:name>"
    "<news:language>en</news:language></news:publication>"
)


def video(extra: str = "", core: str = GOOD_VIDEO) -> str:
    return f"<video:video>{core}{extra}</video:video>"


def news(
    date: str = "2024-05-03",
    title: str = "<news:title>T</news:title>",
    publication: str = PUBLICATION,
) -> str:
    return f"<news:news>{publication}<news:publication_date>{date}</news:publication_date>{title}</news:news>"


BROKEN = {
    # name: (extension children of one <url>, code, field, level)
    "image-no-loc": ("<image:image></image:image>", "image", "loc", "error"),
    "image-two-locs": (
        "<image:image><image:loc>https://example.org/a.png</image:loc>"
        "<image:loc>https://example.org/b.png</image:loc></image:image>",
        "image",
        "loc",
        "error",
    ),
    "image-bad-loc": (
        "<image:image><image:loc>/img/a.png</image:loc></image:image>",
        "image",
        "loc",
        "error",
    ),
    "image-unencoded-loc": (
        "<image:image><image:loc>https://example.org/a b.png</image:loc></image:image>",
        "image",
        "loc",
        "error",
    ),
    "image-deprecated-caption": (
        "<image:image><image:loc>https://example.org/a.png"
        "</image:loc><image:caption>C</image:caption></image:image>",
        "image",
        "caption",
        "warning",
    ),
    "image-unknown-child": (
        "<image:image><image:loc>https://example.org/a.png</image:loc>"
        "<image:size>9</image:size></image:image>",
        "image",
        "size",
        "error",
    ),
    "image-loc-outside-image": (
        "<image:loc>https://example.org/a.png</image:loc>",
        "image",
        "loc",
        "error",
    ),
    "image-text": (
        "<image:image>hello<image:loc>https://example.org/a.png</image:loc></image:image>",
        "image",
        "",
        "error",
    ),
    "video-no-thumbnail": (
        video(core=GOOD_VIDEO.split("</video:thumbnail_loc>")[1]),
        "video",
        "thumbnail_loc",
        "error",
    ),
    "video-no-title": (
        video(core=GOOD_VIDEO.replace("<video:title>T</video:title>", "")),
        "video",
        "title",
        "error",
    ),
    "video-no-description": (
        video(core=GOOD_VIDEO.replace("<video:description>D</video:description>", "")),
        "video",
        "description",
        "error",
    ),
    "video-no-content-or-player": (
        video(core=GOOD_VIDEO.split("<video:content_loc>")[0]),
        "video",
        "content_loc",
        "error",
    ),
    "video-player-is-page": (
        video("<video:player_loc>https://example.org/docs/guide/</video:player_loc>"),
        "video",
        "player_loc",
        "error",
    ),
    "video-out-of-order": (
        video(
            core="<video:title>T</video:title>"
            + GOOD_VIDEO.replace("<video:title>T</video:title>", "")
        ),
        "video",
        "thumbnail_loc",
        "error",
    ),
    "video-repeated": (
        video("<video:duration>5</video:duration><video:duration>6</video:duration>"),
        "video",
        "duration",
        "error",
    ),
    "video-empty-title": (
        video(core=GOOD_VIDEO.replace("<video:title>T", "<video:title> ")),
        "video",
        "title",
        "error",
    ),
    "video-long-description": (
        video(core=GOOD_VIDEO.replace(">D<", ">" + "d" * 2049 + "<")),
        "video",
        "description",
        "error",
    ),
    "video-duration-zero": (
        video("<video:duration>0</video:duration>"),
        "video",
        "duration",
        "error",
    ),
    "video-duration-too-long": (
        video("<video:duration>28801</video:duration>"),
        "video",
        "duration",
        "error",
    ),
    "video-rating-high": (video("<video:rating>5.1</video:rating>"), "video", "rating", "error"),
    "video-rating-negative": (video("<video:rating>-1</video:rating>"), "video", "rating", "error"),
    "video-view-count": (
        video("<video:view_count>many</video:view_count>"),
        "video",
        "view_count",
        "error",
    ),
    "video-bad-date": (
        video("<video:publication_date>05/01/2024</video:publication_date>"),
        "video",
        "publication_date",
        "error",
    ),
    "video-bad-expiration": (
        video("<video:expiration_date>2024-13-01</video:expiration_date>"),
        "video",
        "expiration_date",
        "error",
    ),
    "video-family-friendly": (
        video("<video:family_friendly>maybe</video:family_friendly>"),
        "video",
        "family_friendly",
        "error",
    ),
    "video-live": (video("<video:live>true</video:live>"), "video", "live", "error"),
    "video-restriction-codes": (
        video('<video:restriction relationship="allow">ie gb</video:restriction>'),
        "video",
        "restriction",
        "error",
    ),
    "video-restriction-relationship": (
        video("<video:restriction>IE</video:restriction>"),
        "video",
        "restriction",
        "error",
    ),
    "video-platform": (
        video('<video:platform relationship="allow">web fridge</video:platform>'),
        "video",
        "platform",
        "error",
    ),
    "video-uploader-info": (
        video('<video:uploader info="about">Me</video:uploader>'),
        "video",
        "uploader",
        "error",
    ),
    "video-too-many-tags": (video("<video:tag>t</video:tag>" * 33), "video", "tag", "error"),
    "video-deprecated-category": (
        video("<video:category>Food</video:category>"),
        "video",
        "category",
        "warning",
    ),
    "video-unknown-child": (video("<video:colour>red</video:colour>"), "video", "colour", "error"),
    "video-nested-element": (
        video(
            core=GOOD_VIDEO.replace(
                "<video:title>T</video:title>", "<video:title><video:b>T</video:b></video:title>"
            )
        ),
        "video",
        "title",
        "error",
    ),
    "news-no-publication": (news(publication=""), "news", "publication", "error"),
    "news-no-name": (
        news(publication=PUBLICATION.replace("<news:name>Daily</news:name>", "")),
        "news",
        "name",
        "error",
    ),
    "news-no-language": (
        news(publication=PUBLICATION.replace("<news:language>en</news:language>", "")),
        "news",
        "language",
        "error",
    ),
    "news-bad-language": (
        news(publication=PUBLICATION.replace(">en<", ">en-US<")),
        "news",
        "language",
        "error",
    ),
    "news-no-title": (news(title=""), "news", "title", "error"),
    "news-no-date": (
        "<news:news>" + PUBLICATION + "<news:title>T</news:title></news:news>",
        "news",
        "publication_date",
        "error",
    ),
    "news-bad-date": (news("yesterday"), "news", "publication_date", "error"),
    "news-out-of-order": (
        "<news:news><news:title>T</news:title>"
        + PUBLICATION
        + "<news:publication_date>2024-05-03</news:publication_date>"
        "</news:news>",
        "news",
        "publication",
        "error",
    ),
    "news-old": (news("2024-04-20"), "news", "publication_date", "warning"),
    "news-future": (news("2024-06-01"), "news", "publication_date", "warning"),
    "news-twice": (news() + news(), "news", "news", "error"),
    "news-deprecated-keywords": (
        news(title="<news:title>T</news:title><news:keywords>a</news:keywords>"),
        "news",
        "keywords",
        "warning",
    ),
    "namespace-retired-mobile": ("<mobile:mobile/>", "namespace", "", "warning"),
    "namespace-misspelt": (
        '<img:image xmlns:img="http://www.google.com/schemas/sitemap-image/1.0"/>',
        "namespace",
        "",
        "warning",
    ),
}


@pytest.mark.parametrize("name", BROKEN)
def test_each_broken_rule_is_caught_at_its_line(name, tmp_path):
    children, code, field, level = BROKEN[name]
    ns = ALL_NS + ' xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0"'
    text = urlset(f"<url><loc>{LOC}</loc>{children}</url>", ns)
    found = issues_of(text)
    assert [
        (i.code, i.page, i.field, i.level) for i in found if i.code == code and i.field == field
    ] == [(code, "f.xml:3", field, level)], found
    assert all(i.level == "warning" for i in found) == (level == "warning")


def test_the_good_corpus_entries_pass():
    body = (
        f"<url><loc>{LOC}</loc><image:image><image:loc>https://cdn.example.net/a.png"
        f"</image:loc></image:image>{video()}{news()}</url>"
    )
    assert issues_of(urlset(body)) == []


def test_more_than_1000_images_in_one_url():
    image = "<image:image><image:loc>https://example.org/a.png</image:loc></image:image>\n"
    text = urlset(f"<url><loc>{LOC}</loc>\n" + image * (MAX_IMAGES + 1) + "</url>")
    found = issues_of(text)
    assert [(i.code, i.page) for i in found] == [("image", f"f.xml:{MAX_IMAGES + 4}")]
    assert issues_of(text.replace(image, "", 1)) == []


def test_more_than_1000_news_urls_in_one_file():
    entry = f"<url><loc>{BASE}p{{}}</loc>{news()}</url>"
    text = urlset("\n".join(entry.format(i) for i in range(MAX_NEWS_URLS + 1)))
    found = issues_of(text)
    assert [(i.code, i.page) for i in found] == [("news", f"f.xml:{MAX_NEWS_URLS + 3}")]
    check = ExtensionCheck(NOW)
    for url in etree.fromstring(text.encode())[:MAX_NEWS_URLS]:
        check.entry(url, lambda *a, **k: pytest.fail(f"unexpected issue {a}"))
    assert check.news_urls == MAX_NEWS_URLS


def test_a_naive_now_is_utc():
    assert (
        issues_of(
            urlset(f"<url><loc>{LOC}</loc>{news('2024-05-03T11:00:00Z')}</url>"),
            now=NOW.replace(tzinfo=None),
        )
        == []
    )
