"""The page at the judge's table in a real browser: the system's Chromium, headless, driven by Selenium with
the system's chromedriver (Selenium Manager downloads nothing: both paths are given).

At a phone's width (390 pixels) and a laptop's (1280): a board of a Llanowar Elves that arrived this turn and
a Fervor, built by typing the card names, asked can-activate, reads yes with 302.6 and 702.10c; a question
file with an outcome, opened from a file, reads its final states.

Skipped where Chromium or chromedriver is not installed, except under CI (``CI=true``), where that fails:
``.ci/run`` installs them. ``MTGJUDGE_SCREENSHOT=docs/serve-phone.png`` also saves the answer at phone width.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.web_server import running

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None)

OUTCOME = """\
id: cast-the-bears
ask: outcome
state:
  players:
    Alice:
      battlefield: [{card: Forest, id: f1}, {card: Forest, id: f2}]
      hand: [{card: Grizzly Bears, id: bears}]
actions:
  - cast: bears
  - resolve: 1
expect:
  - {object: bears, zone: battlefield, controller: Alice}
"""


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install 'mtgjudge[test]')"
    if CHROMIUM is None or DRIVER is None:
        return "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def browser():
    why = _missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser test: {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"        # Selenium Manager, should it be asked, downloads nothing
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def base():
    with running() as url:
        yield url


def _wait_answer(driver):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    # the waiting page refreshes itself until the answer is there (bounded by the question's time bound)
    WebDriverWait(driver, 60, poll_frequency=0.1).until(lambda d: d.find_elements(By.ID, "answer-value")
                                                        or d.find_elements(By.ID, "error"))
    return driver.find_element(By.ID, "answer")


@pytest.mark.parametrize("width", [390, 1280])
def test_a_board_typed_by_card_name_answers_with_its_rules(browser, base, width):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.set_window_size(width, 844)
    browser.get(base + "/")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width   # no sideways scroll
    browser.find_element(By.NAME, "o0.card").send_keys("Llanowar Elves")
    browser.find_element(By.NAME, "o0.arrived").click()
    browser.find_element(By.NAME, "o1.card").send_keys("Fervor")
    Select(browser.find_element(By.ID, "ask")).select_by_value("can-activate")
    Select(browser.find_element(By.ID, "about")).select_by_value("Llanowar Elves")   # the board's objects
    browser.find_element(By.ID, "ask-button").click()
    answer = _wait_answer(browser)
    assert browser.find_element(By.ID, "answer-value").text == "yes"
    rules = [a.text for a in answer.find_elements(By.CSS_SELECTOR, "#why a.rule")]
    assert "302.6" in rules and "702.10c" in rules
    assert "ANSWERED" in browser.find_element(By.ID, "status").text
    assert "summoning_sick: true" in browser.find_element(By.ID, "question-file").get_attribute("value")
    shot = os.environ.get("MTGJUDGE_SCREENSHOT")
    if shot and width == 390:
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(shot)


@pytest.mark.parametrize("width", [390, 1280])
def test_a_question_file_opened_shows_its_final_states(browser, base, width, tmp_path):
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, 844)
    browser.get(base + "/")
    path = tmp_path / "bears.yaml"
    path.write_text(OUTCOME, encoding="utf-8")
    browser.find_element(By.CSS_SELECTOR, "#open").find_element(By.XPATH, "..").find_element(By.TAG_NAME,
                                                                                              "summary").click()
    browser.find_element(By.CSS_SELECTOR, "#open input[type=file]").send_keys(str(path))
    browser.find_element(By.ID, "open-answer").click()
    _wait_answer(browser)
    assert "PASS" in browser.find_element(By.ID, "status").text
    final = browser.find_element(By.ID, "final-states").text
    assert "Alice's battlefield gains Grizzly Bears" in final
    assert "Alice's hand loses Grizzly Bears" in final
    assert "Forest (f1) became tapped" in final and "Forest (f2) became tapped" in final
    # the board shows the file's objects
    assert browser.find_element(By.NAME, "o2.card").get_attribute("value") == "Grizzly Bears"
