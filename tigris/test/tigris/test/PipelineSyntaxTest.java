/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import tigris.pipe.Hint;
import tigris.pipe.Pipeline;
import tigris.pipe.PipelineExpression;
import tigris.pipe.PipelineExpression.Filter;
import tigris.pipe.PipelineExpression.Hinted;
import tigris.pipe.PipelineExpression.Join;
import tigris.pipe.PipelineExpression.Not;
import tigris.pipe.PipelineExpression.Parallel;
import tigris.pipe.PipelineExpression.Piped;
import tigris.pipe.PipelineSyntaxException;
import tigris.pipe.Selector;

/** The pipeline language (doc/pipelines.md): what parses into what, and where each error points. */
class PipelineSyntaxTest {
    private static PipelineExpression parse(String text) throws PipelineSyntaxException {
        return Pipeline.parse(text).expression();
    }

    @Test
    void plusBindsTighterThanThePipeAndPipesGroupToTheLeft() throws Exception {
        PipelineExpression e = parse("tcp | http + ssh + rtsp | inspect");
        Piped outer = assertInstanceOf(Piped.class, e);
        assertEquals("inspect", assertInstanceOf(Filter.class, outer.downstream()).name());
        Piped inner = assertInstanceOf(Piped.class, outer.upstream());
        Parallel p = assertInstanceOf(Parallel.class, inner.downstream());
        assertEquals(Join.PLUS, p.join());
        assertEquals(List.of("http", "ssh", "rtsp"), p.branches().stream().map(b -> ((Filter) b).name()).toList());
        assertEquals("tcp | (http + ssh + rtsp) | inspect", e.toString());
    }

    @Test
    void selectorsFollowThePipeWithNoSpace() throws Exception {
        assertEquals(new Selector.Range(22, 22), ((Piped) parse("dport |22 ssh")).selector());
        assertEquals(new Selector.Range(2, 5), ((Piped) parse("a |2:5 b")).selector());
        assertEquals(new Selector.Named("match"), ((Piped) parse("a |match b")).selector());
        assertEquals(new Selector.All(), ((Piped) parse("a |all b")).selector());
        assertEquals(new Selector.Not(Selector.DEFAULT), ((Piped) parse("a |! b")).selector());
        assertEquals(new Selector.Not(new Selector.Range(1, 100)), ((Piped) parse("rx |!1:100 accept")).selector());
        assertEquals(Selector.DEFAULT, ((Piped) parse("a | b")).selector());
        // With no space, what follows '|' is its selector: "a|b" pipes into nothing.
        PipelineSyntaxException e = assertThrows(PipelineSyntaxException.class, () -> parse("a|b"));
        assertTrue(e.problem().contains("a filter is expected after '|b', not the end of the pipeline (a selector follows '|' with no space: for the filter b,"
                        + " write '| b')"), e.getMessage());
    }

    @Test
    void wordsAreCutAsAShellCutsThem() throws Exception {
        Filter f = (Filter) parse("grep 'a b' pattern=\"x \\\" y\" -v a+b c\\ d");
        assertEquals(List.of("a b", "pattern=x \" y", "-v", "a+b", "c d"), f.arguments().stream().map(PipelineExpression.Argument::text).toList());
        assertTrue(f.arguments().get(1).named());
        assertEquals("pattern", f.arguments().get(1).key());
        // A quoted '=' makes no key=value; '+' and '*' inside a word are the word's.
        assertTrue(!((Filter) parse("grep 'a=b'")).arguments().getFirst().named());
        assertEquals("x*", ((Filter) parse("grep x*")).arguments().getFirst().text());
    }

    @Test
    void notOrAndAndHintsParse() throws Exception {
        Parallel or = (Parallel) ((Piped) parse("rx * tx | ip | mpeg & !http")).downstream();
        assertEquals(Join.AND, or.join());
        assertEquals("http", ((Filter) assertInstanceOf(Not.class, or.branches().get(1)).of()).name());
        assertEquals(Join.OR, ((Parallel) ((Piped) ((Piped) parse("rx * tx | ip | mpeg & !http")).upstream()).upstream()).join());
        Parallel hinted = (Parallel) ((Piped) parse("tcp | (dport |80 http @busy) + (dport |!80 ids @quiet,node=h2)")).downstream();
        Hinted h = assertInstanceOf(Hinted.class, hinted.branches().get(1));
        assertEquals(List.of(new Hint(Hint.Key.QUIET, null), new Hint(Hint.Key.NODE, "h2")), h.hints());
        Hinted whole = assertInstanceOf(Hinted.class, parse("rx | ip | snort file=pattern.txt @throughput,background"));
        assertEquals(2, whole.hints().size());
        assertInstanceOf(Not.class, parse("! (a | b)"));
    }

    /** Each error says what is wrong and at which column. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
        "``; 1; the pipeline is empty",
        "a |; 4; a filter is expected after '|', not the end of the pipeline",
        "| a; 1; a filter is expected here, not '|'",
        "a | | b; 5; a filter is expected after '|', not '|'",
        "a + * b; 5; '+' needs a stream after it, not '*'",
        "a + b * c; 7; '*' after '+' needs parentheses",
        "(a | b; 1; this '(' is not closed",
        "a ); 3; this ')' closes no '('",
        "a |3x b; 4; '3x' is not a class",
        "a |300 b; 4; '300' is not a class: classes are 0 to 255",
        "a |5:2 b; 4; a range goes from low to high",
        "a |!! b; 5; a selection is inverted once",
        "a @fast; 4; 'fast' is not a hint",
        "a @node; 4; hint node needs a value",
        "a @busy=3; 4; hint busy takes no value",
        "a @busy | b; 9; hints close an expression",
        "grep 'x; 6; this ' is not closed",
        "(); 2; '()' holds no filter",
        "a + ; 4; '+' needs a stream after it",
        "@busy; 1; a filter is expected here, not the hints",
        "a | !; 6; '!' needs a stream after it",
    })
    void errorsNameTheColumn(String text, int column, String problem) {
        PipelineSyntaxException e = assertThrows(PipelineSyntaxException.class, () -> parse(text));
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.problem().contains(problem), e.getMessage());
    }

    @Test
    void theCaretStandsUnderTheColumn() {
        PipelineSyntaxException e = assertThrows(PipelineSyntaxException.class, () -> parse("file in=x | + grep"));
        assertEquals("column 13: a filter is expected after '|', not '+'\n  file in=x | + grep\n              ^", e.withCaret("  "));
    }
}
