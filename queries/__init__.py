"""The questions: question files, the kinds of question, their answers, and the command line."""
