"""Stand-in for onnxruntime serving the two models pipecat runs locally.

- Silero VAD (pipecat/audio/vad/silero.py): inputs ``input`` (1 x samples, float in [-1, 1]),
  ``state``, ``sr``; outputs ``[probability, state]``. The probability is 0.99 when the RMS of the
  chunk is above 0.02 (the scripted user speech is a tone at about 0.25) and 0.01 otherwise, so
  the VAD reports speech exactly while the scripted user speaks.
- Smart-turn v3 (pipecat/audio/turn/smart_turn/local_smart_turn_v3.py): any other model; returns a
  probability of 1.0 (the user's turn is complete), so a turn ends when the VAD says so.
"""

import numpy as np

__version__ = "0.0-standin"


class GraphOptimizationLevel:
    ORT_DISABLE_ALL = 0
    ORT_ENABLE_BASIC = 1
    ORT_ENABLE_EXTENDED = 2
    ORT_ENABLE_ALL = 99


class ExecutionMode:
    ORT_SEQUENTIAL = 0
    ORT_PARALLEL = 1


class SessionOptions:
    def __init__(self):
        self.inter_op_num_threads = 1
        self.intra_op_num_threads = 1
        self.graph_optimization_level = GraphOptimizationLevel.ORT_ENABLE_ALL
        self.execution_mode = ExecutionMode.ORT_SEQUENTIAL
        self.log_severity_level = 3

    def add_session_config_entry(self, *args):
        pass


def get_available_providers():
    return ["CPUExecutionProvider"]


class _Node:
    def __init__(self, name, shape=None):
        self.name = name
        self.shape = shape or [1]
        self.type = "tensor(float)"


class InferenceSession:
    def __init__(self, path, sess_options=None, providers=None, **kwargs):
        self.path = str(path)
        self.is_vad = "silero" in self.path

    def get_inputs(self):
        if self.is_vad:
            return [_Node("input"), _Node("state"), _Node("sr")]
        return [_Node("input_features", [1, 80, 800])]

    def get_outputs(self):
        return [_Node("output"), _Node("stateN")] if self.is_vad else [_Node("output")]

    def get_providers(self):
        return ["CPUExecutionProvider"]

    def run(self, output_names, inputs, run_options=None):
        if self.is_vad or "state" in inputs:
            x = np.asarray(inputs["input"], dtype=np.float32)
            rms = float(np.sqrt(np.mean(x * x))) if x.size else 0.0
            prob = 0.99 if rms > 0.02 else 0.01
            return [np.array([[prob]], dtype=np.float32), np.asarray(inputs["state"])]
        return [np.array([[1.0]], dtype=np.float32)]
