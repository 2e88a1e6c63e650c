"""User-facing text in English and Chinese: names, step texts, messages of every face."""
