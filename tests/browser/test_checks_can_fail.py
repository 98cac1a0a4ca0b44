"""The browser tests' own checks, each shown a page it must refuse.

Every page test leans on three helpers: no sideways scrolling, no serious accessibility
problem, no control too small for a thumb. Each passing on every page says something only
if each can fail. One of them could not (assert_fits_a_phone read a width that grows with
the page on a phone), and that went unnoticed while every page passed it.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import assert_fits_a_phone, serious_accessibility_problems
from tests.browser.test_phone_habits import small_controls

PHONE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Check</title></head>
<body style="margin: 0"><main>{}</main></body></html>"""


def test_each_check_refuses_a_page_built_to_fail_it(page: Page) -> None:
    page.set_content(PHONE_PAGE.format("<h1>Scores</h1><p>Ann 12, Bob 7</p><button>Save</button>"))
    page.add_style_tag(content="button { min-width: 44px; min-height: 44px; }")
    assert_fits_a_phone(page)
    assert serious_accessibility_problems(page) == []
    assert small_controls(page) == []

    page.set_content(PHONE_PAGE.format('<h1>Scores</h1><div style="width: 413px">wide</div>'))
    with pytest.raises(AssertionError, match="scrolls sideways by 23px"):
        assert_fits_a_phone(page)

    page.set_content(PHONE_PAGE.format('<h1>Scores</h1><button style="width: 60px"></button>'))
    assert any(
        problem.startswith("button-name") for problem in serious_accessibility_problems(page)
    )

    page.set_content(PHONE_PAGE.format('<h1>Scores</h1><button style="height: 20px">Save</button>'))
    small = small_controls(page)
    assert len(small) == 1 and small[0].endswith("×20"), small
