"""Stand-in for NVIDIA's ``nvidia-riva-client`` package (``riva``): see ``riva.client``."""
