package org.mpi4all.core.c;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits preprocessed C text into tokens. Directive lines are consumed here: line markers
 * ({@code # 12 "mpi.h" 1}) set the location of the following tokens, and the {@code #define}/{@code #undef}
 * lines that {@code cc -E -dD} keeps become {@link CDeclaration.Macro}s. Other directives are ignored.
 */
final class CLexer {
    /** Longest first, so that {@code <<=} wins over {@code <<} and {@code <}. */
    private static final String[] PUNCTUATORS = {
        "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=",
        "+=", "-=", "&=", "^=", "|=", "##", "[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!", "/",
        "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#", "@"
    };
    private static final Pattern LINE_MARKER = Pattern.compile("#\\s*(?:line\\s+)?(\\d+)(?:\\s+\"((?:[^\"\\\\]|\\\\.)*)\")?.*");
    private static final Pattern DEFINE = Pattern.compile(
            "#\\s*define\\s+([A-Za-z_$][A-Za-z0-9_$]*)(\\(([^)]*)\\))?(?:\\s+(.*))?");
    private static final Pattern UNDEF = Pattern.compile("#\\s*undef\\s+([A-Za-z_$][A-Za-z0-9_$]*).*");

    private final String text;
    private int pos;
    private String file;
    private int line = 1;
    private boolean atLineStart = true;
    private final List<CToken> tokens = new ArrayList<>();
    private final Map<String, CDeclaration.Macro> macros = new LinkedHashMap<>();

    private CLexer(String text, String file) {
        this.text = text;
        this.file = file;
    }

    /** The tokens of {@code text}, ending with an {@link CToken.Kind#END} token. */
    static CLexer lex(String text, String file) {
        CLexer lexer = new CLexer(text, file);
        lexer.run();
        return lexer;
    }

    List<CToken> tokens() {
        return tokens;
    }

    /** The macros defined when the text ends, in definition order. */
    Map<String, CDeclaration.Macro> macros() {
        return macros;
    }

    private void run() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                atLineStart = true;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b') {
                pos++;
            } else if (c == '\\' && pos + 1 < text.length() && text.charAt(pos + 1) == '\n') {
                pos += 2;
                line++;
            } else if (c == '#' && atLineStart) {
                directive();
            } else if (text.startsWith("/*", pos)) {
                blockComment();
            } else if (text.startsWith("//", pos)) {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                atLineStart = false;
                token();
            }
        }
        tokens.add(new CToken(CToken.Kind.END, "", location()));
    }

    private SourceLocation location() {
        return new SourceLocation(file, line);
    }

    private void directive() {
        int end = text.indexOf('\n', pos);
        if (end < 0) {
            end = text.length();
        }
        // Directives continue over escaped newlines.
        while (end > pos && end < text.length() && text.charAt(end - 1) == '\\') {
            int next = text.indexOf('\n', end + 1);
            end = next < 0 ? text.length() : next;
        }
        String directive = text.substring(pos, end).replace("\\\n", " ").strip();
        SourceLocation where = location();
        int continuationLines = (int) text.substring(pos, end).chars().filter(ch -> ch == '\n').count();
        pos = end;
        line += continuationLines;
        Matcher marker = LINE_MARKER.matcher(directive);
        if (marker.matches()) {
            if (marker.group(2) != null) {
                file = unescape(marker.group(2));
            }
            // The marker names the number of the line that follows it.
            line = Integer.parseInt(marker.group(1)) - 1;
            return;
        }
        Matcher define = DEFINE.matcher(directive);
        if (define.matches()) {
            String name = define.group(1);
            List<String> parameters = null;
            boolean variadic = false;
            if (define.group(2) != null) {
                parameters = new ArrayList<>();
                for (String parameter : define.group(3).split(",")) {
                    String p = parameter.strip();
                    if (p.equals("...")) {
                        variadic = true;
                    } else if (p.endsWith("...")) {
                        variadic = true;
                        parameters.add(p.substring(0, p.length() - 3).strip());
                    } else if (!p.isEmpty()) {
                        parameters.add(p);
                    }
                }
            }
            String body = define.group(4) == null ? "" : define.group(4).strip();
            macros.remove(name);
            macros.put(name, new CDeclaration.Macro(name, parameters, variadic, body, where));
            return;
        }
        Matcher undef = UNDEF.matcher(directive);
        if (undef.matches()) {
            macros.remove(undef.group(1));
        }
    }

    private static String unescape(String quoted) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < quoted.length(); i++) {
            char c = quoted.charAt(i);
            if (c == '\\' && i + 1 < quoted.length()) {
                c = quoted.charAt(++i);
            }
            out.append(c);
        }
        return out.toString();
    }

    private void blockComment() {
        int end = text.indexOf("*/", pos + 2);
        if (end < 0) {
            throw new CParseException(location(), "unterminated comment");
        }
        line += (int) text.substring(pos, end).chars().filter(ch -> ch == '\n').count();
        pos = end + 2;
    }

    private void token() {
        SourceLocation where = location();
        char c = text.charAt(pos);
        int start = pos;
        if (isIdentifierStart(c)) {
            while (pos < text.length() && isIdentifierPart(text.charAt(pos))) {
                pos++;
            }
            String word = text.substring(start, pos);
            // L"...", u8"...", u'x': an encoding prefix glued to a literal.
            if (pos < text.length() && (text.charAt(pos) == '"' || text.charAt(pos) == '\'')
                    && word.matches("L|u|U|u8")) {
                quoted(start, where);
                return;
            }
            tokens.add(new CToken(CToken.Kind.IDENTIFIER, word, where));
        } else if (Character.isDigit(c) || (c == '.' && pos + 1 < text.length() && Character.isDigit(text.charAt(pos + 1)))) {
            pos++;
            while (pos < text.length()) {
                char d = text.charAt(pos);
                if ((d == '+' || d == '-') && "eEpP".indexOf(text.charAt(pos - 1)) >= 0) {
                    pos++;
                } else if (isIdentifierPart(d) || d == '.') {
                    pos++;
                } else {
                    break;
                }
            }
            tokens.add(new CToken(CToken.Kind.NUMBER, text.substring(start, pos), where));
        } else if (c == '"' || c == '\'') {
            quoted(start, where);
        } else {
            for (String p : PUNCTUATORS) {
                if (text.startsWith(p, pos)) {
                    pos += p.length();
                    tokens.add(new CToken(CToken.Kind.PUNCTUATOR, p, where));
                    return;
                }
            }
            throw new CParseException(where, "unexpected character '" + c + "'");
        }
    }

    private void quoted(int start, SourceLocation where) {
        while (text.charAt(pos) != '"' && text.charAt(pos) != '\'') {
            pos++;
        }
        char quote = text.charAt(pos++);
        while (pos < text.length() && text.charAt(pos) != quote) {
            if (text.charAt(pos) == '\\') {
                pos++;
            }
            if (pos < text.length() && text.charAt(pos) == '\n') {
                throw new CParseException(where, "unterminated literal");
            }
            pos++;
        }
        if (pos >= text.length()) {
            throw new CParseException(where, "unterminated literal");
        }
        pos++;
        tokens.add(new CToken(quote == '"' ? CToken.Kind.STRING : CToken.Kind.CHARACTER, text.substring(start, pos), where));
    }

    private static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
