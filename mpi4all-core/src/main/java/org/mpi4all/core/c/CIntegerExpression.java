package org.mpi4all.core.c;

import java.util.List;
import java.util.Set;

/**
 * Evaluates the integer constant expressions a header can use as an array length ({@code 2 * 8},
 * {@code (1 << 4)}): literals, operators and parentheses, casts to integer types. It does not resolve names;
 * values of MPI constants are measured by a compiled program instead.
 */
final class CIntegerExpression {
    private static final Set<String> INTEGER_TYPE_WORDS = Set.of(
            "char", "short", "int", "long", "signed", "unsigned", "__int128", "_Bool", "const");

    private final List<CToken> tokens;
    private int pos;

    private CIntegerExpression(List<CToken> tokens) {
        this.tokens = tokens;
    }

    /** The value of the expression {@code tokens}, which hold no END token. */
    static long evaluate(List<CToken> tokens) {
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("empty expression");
        }
        CIntegerExpression expression = new CIntegerExpression(tokens);
        long value = expression.conditional();
        if (expression.pos != tokens.size()) {
            throw expression.error("unexpected " + tokens.get(expression.pos));
        }
        return value;
    }

    private CParseException error(String message) {
        CToken at = tokens.get(Math.min(pos, tokens.size() - 1));
        return new CParseException(at.location(), "not an integer constant expression: " + message);
    }

    private boolean accept(String punctuator) {
        if (pos < tokens.size() && tokens.get(pos).is(punctuator)) {
            pos++;
            return true;
        }
        return false;
    }

    private long conditional() {
        long condition = binary(0);
        if (accept("?")) {
            long then = conditional();
            if (!accept(":")) {
                throw error("expected ':'");
            }
            long otherwise = conditional();
            return condition != 0 ? then : otherwise;
        }
        return condition;
    }

    /** Binary operators by C precedence, loosest first. */
    private static final List<List<String>> LEVELS = List.of(
            List.of("||"), List.of("&&"), List.of("|"), List.of("^"), List.of("&"), List.of("==", "!="),
            List.of("<", ">", "<=", ">="), List.of("<<", ">>"), List.of("+", "-"), List.of("*", "/", "%"));

    private long binary(int level) {
        if (level == LEVELS.size()) {
            return unary();
        }
        long left = binary(level + 1);
        while (pos < tokens.size()) {
            String op = tokens.get(pos).text();
            if (tokens.get(pos).kind() != CToken.Kind.PUNCTUATOR || !LEVELS.get(level).contains(op)) {
                break;
            }
            pos++;
            long right = binary(level + 1);
            left = apply(op, left, right);
        }
        return left;
    }

    private long apply(String op, long left, long right) {
        return switch (op) {
            case "||" -> (left != 0 || right != 0) ? 1 : 0;
            case "&&" -> (left != 0 && right != 0) ? 1 : 0;
            case "|" -> left | right;
            case "^" -> left ^ right;
            case "&" -> left & right;
            case "==" -> left == right ? 1 : 0;
            case "!=" -> left != right ? 1 : 0;
            case "<" -> left < right ? 1 : 0;
            case ">" -> left > right ? 1 : 0;
            case "<=" -> left <= right ? 1 : 0;
            case ">=" -> left >= right ? 1 : 0;
            case "<<" -> left << right;
            case ">>" -> left >> right;
            case "+" -> left + right;
            case "-" -> left - right;
            case "*" -> left * right;
            case "/", "%" -> {
                if (right == 0) {
                    throw error("division by zero");
                }
                yield op.equals("/") ? left / right : left % right;
            }
            default -> throw error("operator " + op);
        };
    }

    private long unary() {
        if (accept("-")) {
            return -unary();
        }
        if (accept("+")) {
            return unary();
        }
        if (accept("~")) {
            return ~unary();
        }
        if (accept("!")) {
            return unary() == 0 ? 1 : 0;
        }
        if (accept("(")) {
            if (pos < tokens.size() && INTEGER_TYPE_WORDS.contains(tokens.get(pos).text())) {
                while (pos < tokens.size() && INTEGER_TYPE_WORDS.contains(tokens.get(pos).text())) {
                    pos++;
                }
                if (!accept(")")) {
                    throw error("expected ')' after a cast");
                }
                return unary();
            }
            long value = conditional();
            if (!accept(")")) {
                throw error("expected ')'");
            }
            return value;
        }
        if (pos >= tokens.size()) {
            throw error("expression ends early");
        }
        CToken token = tokens.get(pos++);
        if (token.kind() == CToken.Kind.NUMBER) {
            return literal(token);
        }
        if (token.kind() == CToken.Kind.CHARACTER && token.text().length() == 3) {
            return token.text().charAt(1);
        }
        throw error(token + " has no value known to the parser");
    }

    private long literal(CToken token) {
        String digits = token.text().replaceAll("(?i)[ul]+$", "");
        try {
            if (digits.startsWith("0x") || digits.startsWith("0X")) {
                return Long.parseUnsignedLong(digits.substring(2), 16);
            }
            if (digits.startsWith("0b") || digits.startsWith("0B")) {
                return Long.parseUnsignedLong(digits.substring(2), 2);
            }
            if (digits.length() > 1 && digits.startsWith("0")) {
                return Long.parseUnsignedLong(digits.substring(1), 8);
            }
            return Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            throw error(token + " is not an integer literal");
        }
    }
}
