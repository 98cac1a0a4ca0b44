"""A refused hand on a phone set to Spanish or Portuguese: the reason in its words, on the page.

The longer Spanish and Portuguese sentences must still sit next to the field they name
without pushing the page sideways at 390×844.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone, assert_fits_a_phone, screenshot

REFUSALS = {
    "es": (
        "Toca quién dominó, o «Nadie: tranque»",
        "Los puntos que le quedan a Bartholomew: el número es demasiado grande (12 cifras)",
    ),
    "pt": (
        "Toque em quem bateu, ou “Ninguém: trancou”",
        "Os pontos que sobraram para Bartholomew: o número é grande demais (12 algarismos)",
    ),
}


@pytest.mark.parametrize("language", sorted(REFUSALS))
def test_a_refused_hand_says_why_in_the_phones_language(phone: Phone, language: str) -> None:
    page = phone.page
    phone.go(f"/new/block?lang={language}")  # the switch's choice, kept in the phone's cookie
    for seat, name in enumerate(["María José", "Bartholomew", "Cy"], start=1):
        page.fill(f'input[name="player-{seat}"]', name)
    phone.submit("form.new-game button[type=submit]")
    expect(page).to_have_url(re.compile(r"/games/[\w-]+"))

    nobody_chosen, too_long = REFUSALS[language]
    phone.save()  # Save with nothing entered
    expect(page.locator(".field-error, .flash-error").first).to_have_text(nobody_chosen)
    assert_fits_a_phone(page)

    phone.tap(page.locator('#entry input[name="domino"][value="María José"]'))
    phone.type('input[name="pips-1"]', "9" * 12)
    phone.type('input[name="pips-2"]', "7")
    phone.save()
    expect(page.locator(".field-error, .flash-error").first).to_have_text(too_long)
    # What was typed is kept, to be put right rather than typed again.
    expect(page.locator('input[name="pips-2"]')).to_have_value("7")
    assert_fits_a_phone(page)
    screenshot(page, f"refusal-{language}")
