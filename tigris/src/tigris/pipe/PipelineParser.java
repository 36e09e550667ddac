/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.ArrayList;
import java.util.List;

import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.PipelineExpression.Join;
import tigris.pipe.PipelineLexer.Token;
import tigris.pipe.PipelineLexer.Type;

/**
 * The pipeline grammar (doc/pipelines.md), by recursive descent; from loosest to tightest:
 *
 * <pre>
 * pipeline := hinted EOF
 * hinted   := sequence [ '@' hint { ',' hint } ]       hints close the expression: last, or before ')'
 * sequence := parallel { '|' [selector] parallel }
 * parallel := unary { op unary }                        op is '+', '*' or '&amp;', one kind without parentheses
 * unary    := '!' unary | '(' hinted ')' | filter
 * filter   := NAME { argument }                         argument: key=value or a word
 * </pre>
 */
final class PipelineParser {
    private final String source;
    private final List<Token> tokens;
    private int next;

    private PipelineParser(String source, List<Token> tokens) {
        this.source = source;
        this.tokens = tokens;
    }

    static PipelineExpression parse(String expression) throws PipelineSyntaxException {
        PipelineParser p = new PipelineParser(expression, PipelineLexer.tokens(expression));
        if (p.peek().type() == Type.EOF) {
            throw new PipelineSyntaxException(expression, 0, "the pipeline is empty: it needs at least one filter");
        }
        PipelineExpression e = p.hinted();
        Token end = p.peek();
        if (end.type() == Type.RPAREN) {
            throw p.error(end.offset(), "this ')' closes no '('");
        }
        if (end.type() != Type.EOF) {
            throw p.error(end.offset(), "unexpected " + end.shown() + " after a whole pipeline");
        }
        return e;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        return tokens.get(next++);
    }

    private PipelineSyntaxException error(int offset, String problem) {
        return new PipelineSyntaxException(source, offset, problem);
    }

    private PipelineExpression hinted() throws PipelineSyntaxException {
        int start = peek().offset();
        PipelineExpression e = sequence();
        Token t = peek();
        if (t.type() == Type.WORD && t.hints()) {
            take();
            List<Hint> hints = hints(t);
            Token after = peek();
            if (after.type() != Type.RPAREN && after.type() != Type.EOF) {
                throw error(after.offset(), "hints close an expression: '@" + t.text().substring(1) + "' applies to all before it, so it comes last or "
                                + "right before ')'; put parentheses around what it is for");
            }
            return new PipelineExpression.Hinted(e, hints, t.offset(), start);
        }
        return e;
    }

    private List<Hint> hints(Token t) throws PipelineSyntaxException {
        String text = t.text().substring(1);
        if (text.isEmpty()) {
            throw error(t.offset(), "'@' needs hints after it, with no space: @throughput, @node=h2, ...");
        }
        List<Hint> hints = new ArrayList<>();
        int from = 1;
        for (String word : text.split(",", -1)) {
            int at = t.offsetOf(from);
            from += word.length() + 1;
            int eq = word.indexOf('=');
            String key = eq < 0 ? word : word.substring(0, eq);
            String value = eq < 0 ? null : word.substring(eq + 1);
            if (key.isEmpty()) {
                throw error(at, "an empty hint: hints are separated by single commas");
            }
            Hint.Key k = Hint.Key.of(key);
            if (k == null) {
                throw error(at, "'" + key + "' is not a hint; the hints are " + Hint.Key.known());
            }
            if (k.takesValue() && (value == null || value.isEmpty())) {
                throw error(at, "hint " + key + " needs a value: " + key + "=...");
            }
            if (!k.takesValue() && value != null) {
                throw error(at, "hint " + key + " takes no value");
            }
            hints.add(new Hint(k, value));
        }
        return hints;
    }

    private PipelineExpression sequence() throws PipelineSyntaxException {
        int start = peek().offset();
        PipelineExpression e = parallel();
        while (peek().type() == Type.PIPE) {
            Token pipe = take();
            Selector s = selector(pipe);
            if (startsNothing(peek())) {
                throw error(peek().offset(), "a filter is expected after '|" + pipe.text() + "', not " + peek().shown() + (s instanceof Selector.Named
                                ? " (a selector follows '|' with no space: for the filter " + pipe.text() + ", write '| " + pipe.text() + "')" : ""));
            }
            e = new PipelineExpression.Piped(e, s, pipe.offset() + 1, parallel(), start);
        }
        return e;
    }

    private static boolean startsNothing(Token t) {
        return t.type() == Type.EOF || t.type() == Type.RPAREN || t.type() == Type.PIPE || t.type() == Type.PLUS || t.type() == Type.STAR
                        || t.type() == Type.AMP || t.type() == Type.WORD && t.hints();
    }

    private Selector selector(Token pipe) throws PipelineSyntaxException {
        String text = pipe.text();
        int at = pipe.offset() + 1;
        try {
            return selector(text, at);
        } catch (IllegalArgumentException e) {
            throw error(at, "'|" + text + "' is not a selector (" + e.getMessage() + ")" + SELECTOR_HELP);
        }
    }

    private static final String SELECTOR_HELP = ": right after '|' come a class (|3), a range (|2:5), a class's name (|match), 'all' or '!'"
                    + " (|!, |!3); for a filter, put a space after '|'";

    private Selector selector(String text, int at) throws PipelineSyntaxException {
        if (text.isEmpty()) {
            return Selector.DEFAULT;
        }
        if (text.startsWith("!")) {
            String rest = text.substring(1);
            if (rest.startsWith("!")) {
                throw error(at + 1, "'|" + text + "': a selection is inverted once");
            }
            return selector(rest, at + 1).inverted();
        }
        if (text.equals("all")) {
            return new Selector.All();
        }
        if (Character.isDigit(text.charAt(0))) {
            int colon = text.indexOf(':');
            if (colon < 0) {
                int n = classNumber(text, at);
                return new Selector.Range(n, n);
            }
            int from = classNumber(text.substring(0, colon), at);
            int to = classNumber(text.substring(colon + 1), at + colon + 1);
            if (from > to) {
                throw error(at, "'|" + text + "': a range goes from low to high");
            }
            return new Selector.Range(from, to);
        }
        if (text.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            return new Selector.Named(text);
        }
        throw error(at, "'|" + text + "' is not a selector" + SELECTOR_HELP);
    }

    private int classNumber(String digits, int at) throws PipelineSyntaxException {
        if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) > 255) {
            throw error(at, "'" + digits + "' is not a class: classes are 0 to 255" + SELECTOR_HELP);
        }
        return Integer.parseInt(digits);
    }

    private PipelineExpression parallel() throws PipelineSyntaxException {
        int start = peek().offset();
        PipelineExpression first = unary();
        Join join = join(peek());
        if (join == null) {
            return first;
        }
        List<PipelineExpression> branches = new ArrayList<>(List.of(first));
        while (join(peek()) != null) {
            Token op = take();
            if (join(op) != join) {
                throw error(op.offset(), "'" + op.text() + "' after '" + join.symbol() + "' needs parentheses: write (a " + join.symbol() + " b) "
                                + op.text() + " c or a " + join.symbol() + " (b " + op.text() + " c)");
            }
            if (startsNothing(peek())) {
                throw error(peek().offset(), "'" + op.text() + "' needs a stream after it, not " + peek().shown());
            }
            branches.add(unary());
        }
        return new PipelineExpression.Parallel(join, branches, start);
    }

    private static Join join(Token t) {
        return switch (t.type()) {
            case PLUS -> Join.PLUS;
            case STAR -> Join.OR;
            case AMP -> Join.AND;
            default -> null;
        };
    }

    private PipelineExpression unary() throws PipelineSyntaxException {
        Token t = peek();
        switch (t.type()) {
            case LPAREN -> {
                take();
                if (peek().type() == Type.RPAREN) {
                    throw error(peek().offset(), "'()' holds no filter");
                }
                PipelineExpression inner = hinted();
                Token close = peek();
                if (close.type() != Type.RPAREN) {
                    throw error(t.offset(), "this '(' is not closed");
                }
                take();
                return inner;
            }
            case WORD -> {
                if (t.hints()) {
                    throw error(t.offset(), "a filter is expected here, not the hints " + t.shown());
                }
                if (t.bang()) {
                    take();
                    if (t.text().equals("!")) {
                        if (startsNothing(peek())) {
                            throw error(peek().offset(), "'!' needs a stream after it, not " + peek().shown());
                        }
                        return new PipelineExpression.Not(unary(), t.offset());
                    }
                    return new PipelineExpression.Not(filter(t, 1), t.offset());
                }
                take();
                return filter(t, 0);
            }
            case EOF -> throw error(t.offset(), "a filter is expected at the end of the pipeline");
            default -> throw error(t.offset(), "a filter is expected here, not " + t.shown());
        }
    }

    /** The filter named by {@code name} from its character {@code skip} on, and the arguments after it. */
    private PipelineExpression.Filter filter(Token name, int skip) throws PipelineSyntaxException {
        String n = name.text().substring(skip);
        int at = name.offsetOf(skip);
        if (n.isEmpty() || !n.matches("[A-Za-z0-9_./+-][A-Za-z0-9_./+:-]*")) {
            throw error(at, "'" + n + "' is not a filter's name: names are letters, digits and . _ - / (a program's path)");
        }
        List<Argument> args = new ArrayList<>();
        while (peek().type() == Type.WORD && !peek().hints()) {
            Token a = take();
            args.add(argument(a));
        }
        return new PipelineExpression.Filter(n, args, at);
    }

    private static Argument argument(Token a) {
        String text = a.text();
        int eq = a.equalsAt();
        if (eq > 0 && text.substring(0, eq).matches("[A-Za-z][A-Za-z0-9_.-]*")) {
            return new Argument(text.substring(0, eq), text.substring(eq + 1), a.offset());
        }
        return new Argument(null, text, a.offset());
    }
}
