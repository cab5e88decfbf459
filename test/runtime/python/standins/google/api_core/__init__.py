"""Stand-in for google-api-core: its exceptions are real exception classes (pipecat's Google
services catch ``Aborted`` and ``DeadlineExceeded``), ``client_options.ClientOptions`` keeps its
fields."""
