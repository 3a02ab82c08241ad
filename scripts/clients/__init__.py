"""The clients stage: generate every host's clients, models and types, copy the shared runtimes,
read each client's public surface."""
