"""Stand-in for ``av.audio.layout.AudioLayout``: ``mono`` and ``stereo`` (and N-channel counts)."""

_NAMES = {1: "mono", 2: "stereo"}


class AudioChannel:
    def __init__(self, name: str):
        self.name = name
        self.description = name

    def __repr__(self):
        return f"<av.AudioChannel {self.name}>"


class AudioLayout:
    """A channel layout, built from a name (``"mono"``, ``"stereo"``), a count, or a layout."""

    def __init__(self, layout):
        if isinstance(layout, AudioLayout):
            count = layout.nb_channels
        elif isinstance(layout, int):
            count = layout
        elif layout == "mono":
            count = 1
        elif layout == "stereo":
            count = 2
        else:
            raise ValueError(f"invalid channel layout {layout!r}")
        self.nb_channels = count
        self.name = _NAMES.get(count, f"{count} channels")
        names = ("FC",) if count == 1 else ("FL", "FR") if count == 2 else tuple(f"C{i}" for i in range(count))
        self.channels = tuple(AudioChannel(n) for n in names)

    def __eq__(self, other):
        return isinstance(other, AudioLayout) and other.nb_channels == self.nb_channels

    def __hash__(self):
        return hash(self.nb_channels)

    def __repr__(self):
        return f"<av.AudioLayout {self.name!r}>"
