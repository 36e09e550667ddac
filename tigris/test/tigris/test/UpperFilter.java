/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ProducerEnd;
import tigris.Water;
import tigris.pipe.ModuleFilter;

/** A filter an application brings: {@code upper}, a plain river module that upper-cases ASCII letters, named through ServiceLoader. */
public final class UpperFilter extends ModuleFilter {
    public UpperFilter() {
        super("upper", Upper.class, true, true, "upper-cases ASCII letters (a test's own filter)");
    }

    /** The module: a ModuleIF, no pipeline in sight. */
    public static final class Upper implements ModuleIF {
        private String name = "upper";

        public Upper() {
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
            name = config.name();
        }

        @Override
        public void destroy() {
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
            if (in == null) {
                return;
            }
            for (int i = 0; i < in.length(); i++) {
                byte b = in.buffer().getByte(i);
                if (b >= 'a' && b <= 'z') {
                    in.buffer().putByte(i, (byte) (b - 32));
                }
            }
            out.put(in);
        }
    }
}
