print("gesture")
