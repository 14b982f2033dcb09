package org.mpi4all.core.c;

/** A C token of preprocessed text. */
record CToken(Kind kind, String text, SourceLocation location) {

    enum Kind {
        IDENTIFIER,
        NUMBER,
        STRING,
        CHARACTER,
        PUNCTUATOR,
        END
    }

    boolean is(String punctuatorOrWord) {
        return kind != Kind.STRING && kind != Kind.CHARACTER && text.equals(punctuatorOrWord);
    }

    boolean isIdentifier() {
        return kind == Kind.IDENTIFIER;
    }

    boolean isEnd() {
        return kind == Kind.END;
    }

    @Override
    public String toString() {
        return kind == Kind.END ? "end of input" : "'" + text + "'";
    }
}
