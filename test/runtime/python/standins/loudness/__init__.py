"""Stand-in for ``loudness`` (pipecat-ai 1.8's loudness meter, a compiled package).

pipecat 1.8's ``calculate_audio_volume`` (pipecat/audio/utils.py) calls
``loudness.integrated_loudness(samples, sample_rate)`` on float32 samples in [-1, 1] and normalises
the LUFS it returns from -110..-10. This returns ``-0.691 + 10*log10(mean(x**2))`` (ITU-R BS.1770
without K-weighting and block gating), ``-inf`` below BS.1770's absolute gate of -70 LUFS, and raises
``ValueError`` for less than one 400 ms gating block, as the real package documents.
"""

import numpy as np

#: BS.1770's absolute gate in LUFS: quieter audio measures as -inf.
ABSOLUTE_GATE = -70.0


def integrated_loudness(data, rate):
    data = np.asarray(data, dtype=np.float64)
    if data.shape[0] < int(0.4 * rate):
        raise ValueError("audio is shorter than one 400 ms gating block")
    power = float(np.mean(data * data)) if data.size else 0.0
    if power <= 0:
        return float("-inf")
    level = -0.691 + 10 * np.log10(power)
    return float("-inf") if level < ABSOLUTE_GATE else float(level)
