"""Teaching: rules quizzes generated and graded by the engine, hints from bot statistics,
and the words a lesson needs (goal, components, glossary, plain-words conclusions).

Generic over games: a game supplies its own question kinds (``GameSpec.quiz_kinds``) and
its lesson texts in the catalog (``teach.<game>.*``).
"""

from .quiz import Choice, Feedback, Grade, Question, QuizError, grade, make_quiz

__all__ = ["Choice", "Feedback", "Grade", "Question", "QuizError", "grade", "make_quiz"]
