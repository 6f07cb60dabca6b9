"""The live speaker stream (frontends.audio) without an audio device: what the device is fed, and
when the window may let a program make its first sound."""
import numpy as np

from vconsole.frontends.audio import LAG_S, RATE, RESYNC_S, LiveAudio, SpeakerStream
from vconsole.speaker import Speaker


class FakeClock:
    def __init__(self, t=10.0):
        self.t = t

    def now(self):
        return self.t

    def sleep(self, seconds):
        self.t += seconds


def test_not_running_until_the_device_asks_past_the_first_fill():
    clock = FakeClock()
    stream = SpeakerStream(Speaker(clock))
    stream.pcm(1920)  # pyglet's fill when the player is started: the device is not playing yet
    live = LiveAudio(stream, player=None)
    assert not live.running
    clock.t += 0.02
    stream.pcm(1024)  # the device consumed samples and asks for more
    assert live.running


def test_a_note_played_before_a_late_device_start_is_lost_and_one_after_is_whole():
    """Why the window waits for ``running``: a device that starts late resyncs the stream to the
    clock, skipping whatever was played meanwhile; a note after the start is heard in full."""
    clock = FakeClock()
    speaker = Speaker(clock)
    stream = SpeakerStream(speaker)
    stream.pcm(960)
    speaker.sound(1000)
    clock.t += 0.3
    speaker.nosound()
    clock.t += 1.5  # the device starts 1.8 s late
    late = stream.pcm(960)
    assert stream.resyncs == 1 and not np.any(late)
    speaker.sound(1000)  # the program's first note, once the device runs
    t_on = clock.t
    blocks = []
    for i in range(40):  # the device takes 20 ms blocks as the clock runs
        clock.t = t_on + (i + 1) * 960 / RATE
        if i == 15:
            speaker.nosound()  # 0.3 s after the note began (16 blocks of 20 ms, minus rounding)
            t_off = clock.t
        blocks.append(stream.pcm(960))
    heard = np.concatenate(blocks)[::2]  # left channel
    assert stream.resyncs == 1
    loud = np.flatnonzero(np.abs(heard) > 1000)
    assert abs((loud[-1] - loud[0]) / RATE - (t_off - t_on)) < 0.002  # the whole note
    # it starts LAG_S behind the clock: the samples are made for clock time position / RATE
    first = stream.renderer.position - len(heard) + loud[0]
    assert abs(first / RATE - t_on) < 0.002
    assert RESYNC_S > LAG_S
