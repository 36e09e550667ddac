/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

/**
 * A pipeline as written ({@code tigris pipe 'file in=log.txt | grep -v DEBUG | gzip'}): its text and
 * its parsed expression. {@link PipelinePlan} turns it into a river.
 *
 * @param text the pipeline as written, which errors found later show with a caret
 * @param expression its parsed tree, whose offsets are into {@code text}
 */
public record Pipeline(String text, PipelineExpression expression) {
    /**
     * Parses {@code text} in Streamline's extended pipeline syntax (doc/pipelines.md).
     *
     * @param text the pipeline, as a shell would pass it as one argument: quotes in it are the
     *            pipeline language's own
     * @return the pipeline, parsed
     * @throws PipelineSyntaxException naming the column of the first problem
     */
    public static Pipeline parse(String text) throws PipelineSyntaxException {
        return new Pipeline(text, PipelineParser.parse(text));
    }

    /** The problem at {@code offset} of this pipeline's text, for what is found wrong after parsing. */
    PipelineSyntaxException error(int offset, String problem) {
        return new PipelineSyntaxException(text, offset, problem);
    }
}
