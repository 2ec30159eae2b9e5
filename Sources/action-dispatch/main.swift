print("action-dispatch")
