package org.mpi4all.core.c;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads C declarations: whole preprocessed headers ({@code cc -E -dD} output, line markers kept) and single
 * type spellings. It knows the GCC extensions system and MPI headers use ({@code __attribute__},
 * {@code __extension__}, {@code __restrict}, {@code __inline}, {@code __asm__} labels), skips what declares
 * nothing (function bodies, initialisers, {@code _Static_assert}), and keeps what a binding needs:
 * function prototypes with parameter names, typedefs, variables, structs with their members, enums with
 * their constants, and macros.
 *
 * <p>Types are {@link CType} values; {@link #parseType(String)} reads back any {@link CType#spelling()}.
 */
public final class CDeclarationParser {

    private static final Set<String> STORAGE = Set.of(
            "typedef", "extern", "static", "auto", "register", "_Thread_local", "__thread");
    private static final Set<String> FUNCTION_SPECIFIERS = Set.of(
            "inline", "__inline", "__inline__", "_Noreturn", "__extension__");
    private static final Set<String> CONST = Set.of("const", "__const", "__const__");
    private static final Set<String> OTHER_QUALIFIERS = Set.of(
            "volatile", "__volatile", "__volatile__", "restrict", "__restrict", "__restrict__", "_Atomic",
            "_Nonnull", "_Nullable", "_Null_unspecified");
    private static final Set<String> ATTRIBUTES = Set.of(
            "__attribute__", "__attribute", "__declspec", "_Alignas", "__alignas", "alignas");
    private static final Set<String> ASM = Set.of("asm", "__asm", "__asm__");
    private static final Set<String> BASIC_TYPE_WORDS = Set.of(
            "void", "char", "short", "int", "long", "float", "double", "signed", "__signed", "__signed__",
            "unsigned", "_Bool", "bool", "_Complex", "__complex__", "__int128", "_Float16", "_Float32", "_Float64",
            "_Float128", "_Float32x", "_Float64x", "__float128", "_Decimal32", "_Decimal64", "_Decimal128");
    private static final Set<String> TYPEOF = Set.of("typeof", "__typeof", "__typeof__");
    private static final Set<String> BUILTIN_TYPES = Set.of("__builtin_va_list");

    private final List<CToken> tokens;
    private final Set<String> typedefNames;
    /** Whether only abstract declarators can occur (a type spelling), so that every identifier names a type. */
    private final boolean abstractOnly;
    private final List<CDeclaration> declarations = new ArrayList<>();
    private int pos;

    private CDeclarationParser(List<CToken> tokens, Set<String> typedefNames, boolean abstractOnly) {
        this.tokens = tokens;
        this.typedefNames = typedefNames;
        this.abstractOnly = abstractOnly;
    }

    /**
     * Parses preprocessed C text, such as {@code cc -E -dD} prints for {@code #include <mpi.h>}.
     *
     * @throws CParseException naming the file and line of a declaration it cannot read
     */
    public static CTranslationUnit parse(String preprocessedText) {
        CLexer lexer = CLexer.lex(preprocessedText, SourceLocation.UNKNOWN.file());
        CDeclarationParser parser = new CDeclarationParser(lexer.tokens(), new HashSet<>(BUILTIN_TYPES), false);
        while (!parser.peek().isEnd()) {
            parser.externalDeclaration();
        }
        return new CTranslationUnit(parser.declarations, lexer.macros());
    }

    /**
     * Reads a type spelling such as {@code const int * const}, {@code int [][3]} or
     * {@code int (*)(MPI_Comm, int)}; every identifier in it is taken as a type name.
     *
     * @throws CParseException if {@code spelling} is not one C type
     */
    public static CType parseType(String spelling) {
        CDeclarationParser parser = new CDeclarationParser(
                CLexer.lex(spelling, SourceLocation.UNKNOWN.file()).tokens(), Set.of(), true);
        CType type = parser.typeName();
        if (!parser.peek().isEnd()) {
            throw parser.error("unexpected " + parser.peek() + " after the type " + type.spelling());
        }
        return type;
    }

    /**
     * The type that {@code text} names, if it is exactly one type name ({@code int}, {@code MPI_Comm},
     * {@code struct ompi_status_public_t *}), given the typedef names in scope; empty for an expression or
     * anything else.
     */
    public static Optional<CType> parseTypeName(String text, Set<String> typedefNames) {
        try {
            return wholeTypeName(CLexer.lex(text, SourceLocation.UNKNOWN.file()).tokens(), typedefNames);
        } catch (CParseException e) {
            return Optional.empty();
        }
    }

    /** The type {@code tokens} (ending with END) name, if they are exactly one type name. */
    private static Optional<CType> wholeTypeName(List<CToken> tokens, Set<String> typedefNames) {
        try {
            CDeclarationParser parser = new CDeclarationParser(tokens, typedefNames, false);
            if (!parser.startsType(parser.peek())) {
                return Optional.empty();
            }
            CType type = parser.typeName();
            return parser.peek().isEnd() ? Optional.of(type) : Optional.empty();
        } catch (CParseException e) {
            return Optional.empty();
        }
    }

    /**
     * The type an expression is explicitly cast to as a whole: {@code MPI_Comm} for
     * {@code ((MPI_Comm) &(ompi_mpi_comm_world))} and {@code (MPI_Status *)1}; empty when the outermost
     * operation is not a cast ({@code (-2)}, {@code (int)a + 1}) or the text is no expression.
     */
    public static Optional<CType> castType(String expression, Set<String> typedefNames) {
        List<CToken> tokens;
        try {
            tokens = CLexer.lex(expression, SourceLocation.UNKNOWN.file()).tokens();
        } catch (CParseException e) {
            return Optional.empty();
        }
        int start = 0;
        int end = tokens.size() - 1; // The END token.
        while (end - start >= 2 && tokens.get(start).is("(") && closingParenthesis(tokens, start) == end - 1) {
            start++;
            end--;
        }
        if (!tokens.get(start).is("(")) {
            return Optional.empty();
        }
        int close = closingParenthesis(tokens, start);
        if (close < 0 || !isSingleOperand(tokens, close + 1, end)) {
            return Optional.empty();
        }
        List<CToken> inside = new ArrayList<>(tokens.subList(start + 1, close));
        inside.add(new CToken(CToken.Kind.END, "", SourceLocation.UNKNOWN));
        return wholeTypeName(inside, typedefNames);
    }

    private static int closingParenthesis(List<CToken> tokens, int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            if (tokens.get(i).is("(") && tokens.get(i).kind() == CToken.Kind.PUNCTUATOR) {
                depth++;
            } else if (tokens.get(i).is(")") && tokens.get(i).kind() == CToken.Kind.PUNCTUATOR && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Whether tokens[from, to) are one cast-expression operand: unary operators, a primary, postfix parts. */
    private static boolean isSingleOperand(List<CToken> tokens, int from, int to) {
        int i = from;
        while (i < to && (tokens.get(i).is("-") || tokens.get(i).is("+") || tokens.get(i).is("~")
                || tokens.get(i).is("!") || tokens.get(i).is("&") || tokens.get(i).is("*"))) {
            i++;
        }
        if (i >= to) {
            return false;
        }
        if (tokens.get(i).is("(")) {
            int close = closingParenthesis(tokens, i);
            if (close < 0 || close >= to) {
                return false;
            }
            if (i + 1 < to && close + 1 < to && isSingleOperand(tokens, close + 1, to)) {
                return true; // A nested cast: (T)(U)x.
            }
            i = close + 1;
        } else if (tokens.get(i).kind() == CToken.Kind.PUNCTUATOR) {
            return false;
        } else {
            i++;
            while (i < to && tokens.get(i).kind() == CToken.Kind.STRING) {
                i++; // Adjacent string literals.
            }
        }
        while (i < to) {
            CToken token = tokens.get(i);
            if (token.is("(") || token.is("[")) {
                int depth = 0;
                do {
                    depth += tokens.get(i).is("(") || tokens.get(i).is("[") ? 1
                            : tokens.get(i).is(")") || tokens.get(i).is("]") ? -1 : 0;
                    i++;
                } while (i < to && depth > 0);
                if (depth > 0) {
                    return false;
                }
            } else if ((token.is(".") || token.is("->")) && i + 1 < to && tokens.get(i + 1).isIdentifier()) {
                i += 2;
            } else {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- declarations

    private void externalDeclaration() {
        if (accept(";")) {
            return;
        }
        if (peek().is("_Static_assert") || ASM.contains(peek().text())) {
            next();
            skipBalanced("(", ")");
            accept(";");
            return;
        }
        SourceLocation start = peek().location();
        Specifiers specifiers = specifiers();
        if (accept(";")) {
            return; // A struct, union or enum declared alone.
        }
        boolean first = true;
        while (true) {
            Declarator declarator = declarator(specifiers.type(), DeclaratorMode.NAMED);
            skipAttributesAndAsmLabels();
            if (declarator.name() == null) {
                throw new CParseException(start, "declaration declares no name");
            }
            if (specifiers.isTypedef()) {
                declarations.add(new CDeclaration.Typedef(
                        declarator.name(), declarator.type(), declarator.parameterNames(), declarator.location()));
                typedefNames.add(declarator.name());
                if (first) {
                    nameAnonymousDefinition(specifiers, declarator.name());
                }
            } else if (declarator.type() instanceof CType.Function function) {
                boolean defined = peek().is("{") || startsOldStyleParameterDeclarations();
                declarations.add(new CDeclaration.Function(declarator.name(), function,
                        declarator.parameterNames(), defined, specifiers.isStatic(), declarator.location()));
                if (defined) {
                    skipFunctionBody();
                    return;
                }
            } else {
                declarations.add(new CDeclaration.Variable(
                        declarator.name(), declarator.type(), specifiers.isExtern(), declarator.location()));
                if (accept("=")) {
                    skipInitializer();
                }
            }
            first = false;
            if (accept(",")) {
                continue;
            }
            expect(";");
            return;
        }
    }

    /** K&R definitions declare their parameters between the declarator and the body. */
    private boolean startsOldStyleParameterDeclarations() {
        return !peek().is(";") && !peek().is(",") && !peek().is("=") && startsType(peek());
    }

    private void skipFunctionBody() {
        while (!peek().is("{")) {
            if (peek().isEnd()) {
                throw error("function definition without a body");
            }
            next();
        }
        skipBalanced("{", "}");
    }

    private void skipInitializer() {
        int depth = 0;
        while (!peek().isEnd()) {
            CToken token = peek();
            if (depth == 0 && (token.is(",") || token.is(";"))) {
                return;
            }
            if (token.is("(") || token.is("[") || token.is("{")) {
                depth++;
            } else if (token.is(")") || token.is("]") || token.is("}")) {
                depth--;
            }
            next();
        }
    }

    /** Gives an untagged aggregate the name of the typedef that declares it. */
    private void nameAnonymousDefinition(Specifiers specifiers, String typedefName) {
        if (specifiers.anonymousDefinition() < 0) {
            return;
        }
        int index = specifiers.anonymousDefinition();
        CDeclaration definition = declarations.get(index);
        if (definition instanceof CDeclaration.Struct s) {
            declarations.set(index, new CDeclaration.Struct(null, s.union(), s.fields(), typedefName, s.location()));
        } else if (definition instanceof CDeclaration.Enum e) {
            declarations.set(index, new CDeclaration.Enum(null, e.enumerators(), typedefName, e.location()));
        }
    }

    // ---------------------------------------------------------------- specifiers

    /**
     * @param anonymousDefinition index in {@link #declarations} of an untagged struct, union or enum these
     *                            specifiers define, -1 otherwise
     */
    private record Specifiers(CType.Named type, boolean isTypedef, boolean isExtern, boolean isStatic,
            int anonymousDefinition) {}

    private Specifiers specifiers() {
        SourceLocation start = peek().location();
        List<String> basicWords = new ArrayList<>();
        String namedType = null;
        boolean isConst = false;
        boolean isTypedef = false;
        boolean isExtern = false;
        boolean isStatic = false;
        boolean sawSpecifier = false;
        int anonymousDefinition = -1;
        while (true) {
            CToken token = peek();
            String word = token.text();
            if (!token.isIdentifier() && !token.is("[")) {
                break;
            }
            if (token.is("[")) {
                if (!peekAt(1).is("[")) {
                    break;
                }
                skipStandardAttribute();
            } else if (STORAGE.contains(word)) {
                next();
                isTypedef |= word.equals("typedef");
                isExtern |= word.equals("extern");
                isStatic |= word.equals("static");
            } else if (FUNCTION_SPECIFIERS.contains(word) || OTHER_QUALIFIERS.contains(word)) {
                next();
            } else if (CONST.contains(word)) {
                next();
                isConst = true;
            } else if (ATTRIBUTES.contains(word)) {
                skipAttribute();
            } else if (namedType == null && BASIC_TYPE_WORDS.contains(word)) {
                next();
                basicWords.add(word);
            } else if (namedType == null && basicWords.isEmpty()
                    && (word.equals("struct") || word.equals("union") || word.equals("enum"))) {
                int before = declarations.size();
                namedType = aggregate();
                if (namedType.endsWith(CType.ANONYMOUS_BODY) && declarations.size() > before) {
                    anonymousDefinition = declarations.size() - 1;
                }
            } else if (namedType == null && basicWords.isEmpty() && TYPEOF.contains(word)) {
                next();
                namedType = "__typeof__(" + tokenText(balancedTokens("(", ")")) + ")";
            } else if (namedType == null && basicWords.isEmpty() && isTypedefName(token)) {
                next();
                namedType = word;
            } else {
                break;
            }
            sawSpecifier = true;
        }
        if (!sawSpecifier) {
            throw new CParseException(start, "expected a declaration, found " + peek());
        }
        String name = namedType != null ? namedType : basicTypeName(basicWords, start);
        return new Specifiers(new CType.Named(name, isConst), isTypedef, isExtern, isStatic, anonymousDefinition);
    }

    /**
     * Whether an identifier in specifier position names a type: a known typedef, any identifier in a type
     * spelling, or (leniently, for typedefs from headers this text does not include) an unknown identifier
     * followed by a declarator.
     */
    private boolean isTypedefName(CToken token) {
        if (typedefNames.contains(token.text()) || abstractOnly) {
            return true;
        }
        CToken after = peekAt(1);
        return !isKeyword(token.text()) && (after.isIdentifier() && !isKeyword(after.text()) || after.is("*"));
    }

    private boolean isKeyword(String word) {
        return STORAGE.contains(word) || FUNCTION_SPECIFIERS.contains(word) || CONST.contains(word)
                || OTHER_QUALIFIERS.contains(word) || ATTRIBUTES.contains(word) || ASM.contains(word)
                || BASIC_TYPE_WORDS.contains(word) || TYPEOF.contains(word)
                || word.equals("struct") || word.equals("union") || word.equals("enum");
    }

    /** Whether {@code token} can begin declaration specifiers. */
    private boolean startsType(CToken token) {
        if (!token.isIdentifier()) {
            return false;
        }
        String word = token.text();
        return (isKeyword(word) && !ASM.contains(word)) || typedefNames.contains(word) || abstractOnly;
    }

    private static String basicTypeName(List<String> words, SourceLocation where) {
        if (words.isEmpty()) {
            return "int"; // Implicit int of old-style declarations such as "extern x;".
        }
        int longs = 0;
        boolean isUnsigned = false;
        boolean isSigned = false;
        boolean isComplex = false;
        String base = null;
        for (String word : words) {
            switch (word) {
                case "long" -> longs++;
                case "unsigned" -> isUnsigned = true;
                case "signed", "__signed", "__signed__" -> isSigned = true;
                case "_Complex", "__complex__" -> isComplex = true;
                case "int" -> { }
                case "bool" -> base = "_Bool";
                default -> {
                    if (base != null && !base.equals(word)) {
                        throw new CParseException(where, "conflicting type specifiers " + String.join(" ", words));
                    }
                    base = word;
                }
            }
        }
        String name;
        if (base == null || base.equals("short")) {
            String integer = base != null ? "short" : longs == 1 ? "long" : longs >= 2 ? "long long" : "int";
            name = isUnsigned ? "unsigned " + integer : integer;
        } else if (base.equals("char")) {
            name = isUnsigned ? "unsigned char" : isSigned ? "signed char" : "char";
        } else if (base.equals("__int128")) {
            name = isUnsigned ? "unsigned __int128" : "__int128";
        } else if (base.equals("double") && longs > 0) {
            name = "long double";
        } else {
            name = base;
        }
        return isComplex ? name + " _Complex" : name;
    }

    // ---------------------------------------------------------------- struct, union, enum

    /** Parses {@code struct tag {...}} (or a reference to one) and returns the type's name. */
    private String aggregate() {
        String keyword = next().text();
        skipAttributes();
        String tag = peek().isIdentifier() && !ATTRIBUTES.contains(peek().text()) ? next().text() : null;
        skipAttributes();
        if (!peek().is("{")) {
            if (tag == null) {
                throw error(keyword + " without a tag or a body");
            }
            return keyword + " " + tag;
        }
        SourceLocation where = peek().location();
        if (abstractOnly && peekAt(1).is("...") && peekAt(2).is("}")) {
            pos += 3; // The spelling of an untagged aggregate: struct {...}
            return CType.aggregate(keyword, tag).name();
        }
        next();
        if (keyword.equals("enum")) {
            declarations.add(new CDeclaration.Enum(tag, enumerators(), null, where));
        } else {
            List<CDeclaration.Struct.Field> fields = fields();
            declarations.add(new CDeclaration.Struct(tag, keyword.equals("union"), fields, null, where));
        }
        skipAttributes();
        return CType.aggregate(keyword, tag).name();
    }

    private List<CDeclaration.Enum.Enumerator> enumerators() {
        List<CDeclaration.Enum.Enumerator> enumerators = new ArrayList<>();
        while (!accept("}")) {
            CToken name = next();
            if (!name.isIdentifier()) {
                throw new CParseException(name.location(), "expected an enumeration constant, found " + name);
            }
            skipAttributes();
            String initializer = null;
            if (accept("=")) {
                List<CToken> expression = new ArrayList<>();
                int depth = 0;
                while (depth > 0 || !(peek().is(",") || peek().is("}"))) {
                    CToken token = next();
                    if (token.isEnd()) {
                        throw new CParseException(name.location(), "enum not closed");
                    }
                    depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
                    expression.add(token);
                }
                initializer = tokenText(expression);
            }
            enumerators.add(new CDeclaration.Enum.Enumerator(name.text(), initializer, name.location()));
            if (!accept(",")) {
                expect("}");
                break;
            }
        }
        return enumerators;
    }

    private List<CDeclaration.Struct.Field> fields() {
        List<CDeclaration.Struct.Field> fields = new ArrayList<>();
        while (!accept("}")) {
            if (accept(";")) {
                continue;
            }
            if (peek().is("_Static_assert")) {
                next();
                skipBalanced("(", ")");
                continue;
            }
            Specifiers specifiers = specifiers();
            if (accept(";")) {
                fields.add(new CDeclaration.Struct.Field(null, specifiers.type(), -1)); // An anonymous member.
                continue;
            }
            do {
                String name = null;
                CType type = specifiers.type();
                if (!peek().is(":")) {
                    Declarator declarator = declarator(type, DeclaratorMode.NAMED);
                    name = declarator.name();
                    type = declarator.type();
                }
                int width = -1;
                if (accept(":")) {
                    width = (int) CIntegerExpression.evaluate(expressionUntil(",", ";"));
                }
                skipAttributes();
                fields.add(new CDeclaration.Struct.Field(name, type, width));
            } while (accept(","));
            expect(";");
        }
        return fields;
    }

    // ---------------------------------------------------------------- declarators

    private enum DeclaratorMode {
        /** Must name something: a declaration. */
        NAMED,
        /** May name something: a parameter. */
        EITHER,
        /** Names nothing: a type name. */
        ABSTRACT
    }

    /**
     * @param parameterNames the parameter names of the function nearest to the declared name (the function
     *                       itself, or the function a declared pointer points to); empty if there is none
     */
    private record Declarator(String name, CType type, List<String> parameterNames, SourceLocation location) {}

    private Declarator declarator(CType base, DeclaratorMode mode) {
        SourceLocation where = peek().location();
        Shape shape = shape(abstractOnly ? DeclaratorMode.ABSTRACT : mode);
        if (mode == DeclaratorMode.NAMED && shape.declaredName() == null) {
            throw error("expected a name to declare, found " + peek());
        }
        List<String> names = shape.parameterNames();
        SourceLocation nameLocation = shape.declaredNameLocation();
        return new Declarator(shape.declaredName(), shape.apply(base), names == null ? List.of() : names,
                nameLocation != null ? nameLocation : where);
    }

    private CType typeName() {
        Specifiers specifiers = specifiers();
        return declarator(specifiers.type(), DeclaratorMode.ABSTRACT).type();
    }

    /** One level of a declarator: {@code * const} pointers, then a name or a parenthesised inner level, then suffixes. */
    private record Shape(List<Boolean> constPointers, Shape inner, String ownName, SourceLocation ownNameLocation,
            List<Suffix> suffixes) {

        String declaredName() {
            return inner != null ? inner.declaredName() : ownName;
        }

        SourceLocation declaredNameLocation() {
            return inner != null ? inner.declaredNameLocation() : ownNameLocation;
        }

        CType apply(CType base) {
            CType type = base;
            for (boolean isConst : constPointers) {
                type = new CType.Pointer(type, isConst);
            }
            for (int i = suffixes.size() - 1; i >= 0; i--) {
                type = suffixes.get(i).apply(type);
            }
            return inner != null ? inner.apply(type) : type;
        }

        List<String> parameterNames() {
            List<String> innerNames = inner != null ? inner.parameterNames() : null;
            if (innerNames != null) {
                return innerNames;
            }
            return !suffixes.isEmpty() && suffixes.getFirst() instanceof Suffix.Parameters parameters
                    ? parameters.names() : null;
        }
    }

    private sealed interface Suffix {
        CType apply(CType element);

        record ArrayOf(long length) implements Suffix {
            @Override
            public CType apply(CType element) {
                return new CType.Array(element, length);
            }
        }

        record Parameters(List<CType> types, List<String> names, boolean varargs) implements Suffix {
            @Override
            public CType apply(CType returns) {
                return new CType.Function(returns, types, varargs);
            }
        }
    }

    private Shape shape(DeclaratorMode mode) {
        skipAttributes();
        List<Boolean> pointers = new ArrayList<>();
        while (accept("*")) {
            boolean isConst = false;
            while (peek().isIdentifier()) {
                String word = peek().text();
                if (CONST.contains(word)) {
                    isConst = true;
                    next();
                } else if (OTHER_QUALIFIERS.contains(word)) {
                    next();
                } else if (ATTRIBUTES.contains(word)) {
                    skipAttribute();
                } else {
                    break;
                }
            }
            pointers.add(isConst);
        }
        skipAttributes();
        Shape inner = null;
        String name = null;
        SourceLocation nameLocation = null;
        if (peek().is("(") && startsNestedDeclarator(mode)) {
            next();
            inner = shape(mode);
            expect(")");
        } else if (mode != DeclaratorMode.ABSTRACT && peek().isIdentifier() && !isKeyword(peek().text())) {
            nameLocation = peek().location();
            name = next().text();
        }
        List<Suffix> suffixes = new ArrayList<>();
        while (true) {
            if (peek().is("[") && !peekAt(1).is("[")) {
                suffixes.add(arraySuffix());
            } else if (peek().is("(")) {
                suffixes.add(parameters());
            } else {
                break;
            }
        }
        return new Shape(pointers, inner, name, nameLocation, suffixes);
    }

    /** After a {@code (}: whether it opens a nested declarator ({@code (*fn)}, {@code (MPI_User_function)}) rather than parameters. */
    private boolean startsNestedDeclarator(DeclaratorMode mode) {
        int ahead = 1;
        while (ATTRIBUTES.contains(peekAt(ahead).text())) {
            ahead = afterBalanced(ahead + 1);
        }
        CToken token = peekAt(ahead);
        if (token.is("*") || token.is("(") || token.is("^")) {
            return true;
        }
        return mode != DeclaratorMode.ABSTRACT && token.isIdentifier() && !startsType(token);
    }

    /** The index just after the balanced group that starts at {@code index} ahead. */
    private int afterBalanced(int index) {
        if (!peekAt(index).is("(")) {
            return index;
        }
        int depth = 0;
        do {
            CToken token = peekAt(index++);
            if (token.isEnd()) {
                return index - 1;
            }
            depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
        } while (depth > 0);
        return index;
    }

    private Suffix arraySuffix() {
        expect("[");
        while (peek().is("static") || CONST.contains(peek().text()) || OTHER_QUALIFIERS.contains(peek().text())) {
            next();
        }
        if (accept("]")) {
            return new Suffix.ArrayOf(-1);
        }
        List<CToken> length = expressionUntil("]");
        expect("]");
        return new Suffix.ArrayOf(CIntegerExpression.evaluate(length));
    }

    private Suffix parameters() {
        expect("(");
        List<CType> types = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (accept(")")) {
            return new Suffix.Parameters(types, names, false);
        }
        if (peek().is("void") && peekAt(1).is(")")) {
            pos += 2;
            return new Suffix.Parameters(types, names, false);
        }
        boolean varargs = false;
        while (true) {
            if (accept("...")) {
                varargs = true;
                expect(")");
                break;
            }
            if (!abstractOnly && peek().isIdentifier() && !startsType(peek()) && (peekAt(1).is(",") || peekAt(1).is(")"))) {
                names.add(next().text()); // A K&R identifier list: the type comes later, int by default.
                types.add(new CType.Named("int"));
            } else {
                Specifiers specifiers = specifiers();
                Declarator parameter = declarator(specifiers.type(), DeclaratorMode.EITHER);
                types.add(parameter.type());
                names.add(parameter.name());
                skipAttributes();
            }
            if (!accept(",")) {
                expect(")");
                break;
            }
        }
        return new Suffix.Parameters(types, names, varargs);
    }

    // ---------------------------------------------------------------- token helpers

    private CToken peek() {
        return tokens.get(pos);
    }

    private CToken peekAt(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    private CToken next() {
        CToken token = tokens.get(pos);
        if (!token.isEnd()) {
            pos++;
        }
        return token;
    }

    private boolean accept(String punctuator) {
        if (peek().is(punctuator) && peek().kind() == CToken.Kind.PUNCTUATOR) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String punctuator) {
        if (!accept(punctuator)) {
            throw error("expected '" + punctuator + "', found " + peek());
        }
    }

    private CParseException error(String message) {
        return new CParseException(peek().location(), message);
    }

    private void skipAttributes() {
        while (true) {
            if (ATTRIBUTES.contains(peek().text()) && peek().isIdentifier()) {
                skipAttribute();
            } else if (peek().is("[") && peekAt(1).is("[")) {
                skipStandardAttribute();
            } else {
                return;
            }
        }
    }

    private void skipAttributesAndAsmLabels() {
        while (true) {
            skipAttributes();
            if (ASM.contains(peek().text()) && peek().isIdentifier()) {
                next();
                skipBalanced("(", ")");
            } else {
                return;
            }
        }
    }

    /** {@code __attribute__((...))}, {@code __declspec(...)}, {@code _Alignas(...)}. */
    private void skipAttribute() {
        next();
        if (peek().is("(")) {
            skipBalanced("(", ")");
        }
    }

    /** {@code [[...]]} */
    private void skipStandardAttribute() {
        next();
        skipBalanced("[", "]");
        expect("]");
    }

    private void skipBalanced(String open, String close) {
        balancedTokens(open, close);
    }

    /** Consumes {@code open ... close} and returns the tokens between them. */
    private List<CToken> balancedTokens(String open, String close) {
        SourceLocation where = peek().location();
        expect(open);
        List<CToken> inside = new ArrayList<>();
        int depth = 1;
        while (true) {
            CToken token = next();
            if (token.isEnd()) {
                throw new CParseException(where, "'" + open + "' is never closed");
            }
            if (token.is(open) && token.kind() == CToken.Kind.PUNCTUATOR) {
                depth++;
            } else if (token.is(close) && token.kind() == CToken.Kind.PUNCTUATOR && --depth == 0) {
                return inside;
            }
            inside.add(token);
        }
    }

    /** The tokens up to (not including) one of {@code ends} outside parentheses and brackets. */
    private List<CToken> expressionUntil(String... ends) {
        List<CToken> expression = new ArrayList<>();
        int depth = 0;
        while (true) {
            CToken token = peek();
            if (token.isEnd()) {
                throw error("expression not terminated");
            }
            if (depth == 0 && List.of(ends).contains(token.text()) && token.kind() == CToken.Kind.PUNCTUATOR) {
                return expression;
            }
            if (token.is("(") || token.is("[")) {
                depth++;
            } else if (token.is(")") || token.is("]")) {
                depth--;
            }
            expression.add(next());
        }
    }

    /** Tokens as C text: one space between tokens, none inside parentheses, before commas or after unary operators. */
    static String tokenText(List<CToken> tokens) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            if (i > 0 && needsSpace(i >= 2 ? tokens.get(i - 2) : null, tokens.get(i - 1), tokens.get(i))) {
                text.append(' ');
            }
            text.append(tokens.get(i).text());
        }
        return text.toString();
    }

    private static boolean needsSpace(CToken beforeLeft, CToken left, CToken right) {
        if (left.is("(") || left.is("[") || left.is("~") || left.is("!") || right.is(")") || right.is("]")
                || right.is(",") || right.is("(") && (left.isIdentifier() || left.is(")"))) {
            return false;
        }
        boolean leftIsUnary = (left.is("-") || left.is("+") || left.is("&") || left.is("*"))
                && (beforeLeft == null || beforeLeft.kind() == CToken.Kind.PUNCTUATOR && !beforeLeft.is(")") && !beforeLeft.is("]"));
        return !leftIsUnary;
    }
}
