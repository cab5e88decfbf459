"""Stand-in for pyloudnorm: loudness as pipecat's volume estimate uses it.

``Meter(rate, block_size).integrated_loudness(x)`` returns ``-0.691 + 10*log10(mean(x**2))`` (the
ITU-R BS.1770 formula without K-weighting and gating), and ``-inf`` for silence, on the same
int16-scaled floats pipecat passes (pipecat/audio/utils.py calculate_audio_volume).
"""

import numpy as np


class Meter:
    def __init__(self, rate, filter_class="K-weighting", block_size=0.4):
        self.rate = rate
        self.block_size = block_size

    def integrated_loudness(self, data):
        data = np.asarray(data, dtype=np.float64)
        power = float(np.mean(data * data)) if data.size else 0.0
        if power <= 0:
            return float("-inf")
        return -0.691 + 10 * np.log10(power)
