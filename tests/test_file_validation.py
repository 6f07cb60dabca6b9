"""High-score tables and the Card Miners bank set out-of-range values aside, as the saves do.

A file no program could have written (a 40-digit or negative score, a 200-character name,
a 20-digit balance) is moved aside as NAME.BAD with one line saying so; the table or
bank starts empty instead of overflowing its panel.
"""
from __future__ import annotations

import pytest

from vconsole.disk import Drive
from vconsole.toolkit.hiscore import HiScoreTable
from vconsole_programs.cardmine.bank import Bank


@pytest.mark.parametrize("line", [
    "9" * 40 + "|01-02-94|ANN",  # a 40-digit score
    "-5|01-02-94|ANN",  # a negative score
    "100|01-02-94|" + "A" * 200,  # a 200-character name
    "100|" + "1" * 30 + "|ANN",  # a date no table shows
    "100|01-02-94|AN\x07N",  # a control character in a name
])
def test_a_high_score_table_out_of_range_is_set_aside(tmp_path, line):
    (tmp_path / "SCORES.TAB").write_text(f"HISCORE 1\n100|01-02-94|BOB\n{line}\n")
    table = HiScoreTable(Drive(tmp_path), "SCORES.TAB")
    assert table.load() == "SCORES.TAB is damaged - kept as SCORES.BAD, starting afresh"
    assert table.entries == [] and (tmp_path / "SCORES.BAD").exists()


def test_a_table_in_range_loads(tmp_path):
    (tmp_path / "SCORES.TAB").write_text("HISCORE 1\n999999999|01-02-94|" + "A" * 20 + "\n0|01-02-94|BOB\n")
    table = HiScoreTable(Drive(tmp_path), "SCORES.TAB")
    assert table.load() is None and [e.score for e in table.entries] == [999999999, 0]


@pytest.mark.parametrize("line", [
    "ALICE|" + "9" * 20 + "|1|1|0",  # a 20-digit balance
    "ALICE|-1000000|1|1|0",  # more than the panel's seven places
    "ALICE|5|100000|1|0",  # more games than it counts
])
def test_a_bank_out_of_range_is_set_aside(tmp_path, line):
    (tmp_path / "CARDMINE.BNK").write_text(f"CARDMINE BANK 1\nBOB|3|1|1|0\n{line}\n")
    bank = Bank(Drive(tmp_path))
    assert bank.load() == "CARDMINE.BNK is damaged - kept as CARDMINE.BAD, starting afresh"
    assert bank.accounts == [] and (tmp_path / "CARDMINE.BAD").exists()


def test_a_bank_in_range_loads(tmp_path):
    (tmp_path / "CARDMINE.BNK").write_text("CARDMINE BANK 1\nBOB|-999999|99999|0|99999\n")
    bank = Bank(Drive(tmp_path))
    assert bank.load() is None and bank.find("BOB").chips == -999999
