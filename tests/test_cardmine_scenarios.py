"""Whole Tommy's Card Miners sessions through the headless runner, checked on the screen and disk."""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers import run_headless
from vconsole.keyboard import word_for
from vconsole_programs.cardmine import PROGRAM, tmpfile
from vconsole_programs.cardmine.ai import choose_play
from vconsole_programs.cardmine.app import turn_rng
from vconsole_programs.cardmine.bank import Bank
from vconsole_programs.cardmine.mine import COL_KEYS, ROW_KEYS, row_col
from vconsole_programs.cardmine.rules import (DIG_PLAY, DISCARD_PLAY, MOVE_PLAY, Options, apply_play, deal,
                                              draw, legal_plays)
from vconsole.disk import Drive

HAND_KEYS = "123456789ABCDEFG"


def play(tmp_path, script, switches="S", shareware=False, **cfg):
    def start(machine):  # the key that passes the start-up screen
        machine.keyboard.push(word_for("Enter"))

    return run_headless(PROGRAM, script, switches=switches, drive=tmp_path, shareware=shareware, hook=start, **cfg)


def text(out) -> str:
    return "\n".join(out.text)


def news(out) -> str:
    return " ".join(out.text[r].strip() for r in (21, 22))


def square_keys(sq: int) -> list[str]:
    r, c = row_col(sq)
    return [ROW_KEYS[r], COL_KEYS[c]]


def keys_for(state, p) -> list[str]:
    """The keys a person types for play ``p`` (the entry asks only what is still open)."""
    me = state.turn
    keys = [HAND_KEYS[state.hands[me].index(p.card)]]
    if p.kind == DISCARD_PLAY:
        return keys
    if p.kind == MOVE_PLAY:
        keys += square_keys(p.dest)
    else:
        keys += square_keys(p.square)
        if p.kind == DIG_PLAY:
            return keys
        dests = {q.dest for q in legal_plays(state) if q.card == p.card and q.square == p.square}
        if len(dests) > 1:
            keys += square_keys(p.dest)
    if p.bump >= 0:
        keys += square_keys(p.bump)
    return keys


def saved_game(tmp_path: Path, names=("ALICE", "COMPUTER"), seeds=(1234, 5678), options=Options()):
    state = deal(*seeds, options)
    Drive(tmp_path).write_text("CARDMINE.TMP", tmpfile.text(names, seeds, options, 1, state))
    return state


def whole_game(state, seeds, person: int):
    """Play the game out as the program will: the person by the computer miner's choice
    with another generator, the computer by its own; the keys the person types, the end."""
    keys = []
    while True:
        state = draw(state)
        if state.over:
            return keys, state
        if state.turn == person:
            p = choose_play(state, turn_rng((seeds[1], seeds[0]), state.ply))
            # typed once the computer has played (the BIOS keeps only 15 keys typed ahead)
            keys += ["wait:3000"] + keys_for(state, p)
        else:
            p = choose_play(state, turn_rng(seeds, state.ply))
        state = apply_play(state, p)
        if state.over:
            return keys, state


def test_startup_names_and_the_first_screen(tmp_path):
    out = play(tmp_path, '"ALICE" Enter Enter')
    t = text(out)
    assert "TOMMY'S CARD MINERS" in t and "ALICE" in t and "COMPUTER" in t
    assert "NEW GAME." in news(out)
    assert "F1  SOUND ON" in t and "F3  OPTIONS" in t and "F6  BANK" in t and "TIME PAD" in t
    assert Bank(Drive(tmp_path)).load() is None


def test_a_whole_game_by_keys_settles_the_bank(tmp_path):
    seeds = (1234, 5678)
    start = saved_game(tmp_path, seeds=seeds)
    keys, final = whole_game(start, seeds, person=0)
    out = play(tmp_path, " ".join(keys))
    t = text(out)
    bank = Bank(Drive(tmp_path))
    assert bank.load() is None
    alice, comp = bank.find("alice"), bank.find("COMPUTER")
    assert alice.games == comp.games == 1
    if final.winner in (0, 1):
        w = ("ALICE", "COMPUTER")[final.winner]
        n = final.score[final.winner] - final.score[1 - final.winner]
        assert f"{w} WINS" in news(out)
        assert bank.find(w).chips == n and bank.find(w).won == 1
    else:
        assert "TIE" in news(out) and alice.chips == comp.chips == 0
    assert "ANOTHER GAME (Y/N)?" in t
    assert not Drive(tmp_path).exists("CARDMINE.TMP")  # a finished game is not kept
