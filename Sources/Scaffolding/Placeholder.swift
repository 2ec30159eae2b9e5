// Placeholder: filled in by the scaffold change.
