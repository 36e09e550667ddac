/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import tigris.EndStatus;
import tigris.ThreadStatus;

/**
 * A {@link RiverSnapshot} as the JSON the view's page reads. One fixed shape, written by hand:
 * the JDK has no JSON writer, and the page needs nothing a library would add.
 */
final class SnapshotJson {
    private SnapshotJson() {
    }

    static String of(RiverSnapshot s) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("{\"river\":").append(string(s.river())).append(",\"at\":").append(s.atMillis()).append(",\"ended\":").append(s.ended())
                        .append(",\"failure\":").append(string(s.failure())).append(",\"earlier\":[");
        String sep = "";
        for (String e : s.earlier()) {
            sb.append(sep).append(string(e));
            sep = ",";
        }
        sb.append("],\"links\":[");
        sep = "";
        for (RiverSnapshot.Link l : s.links()) {
            sb.append(sep).append("{\"from\":").append(string(l.from())).append(",\"to\":").append(string(l.to())).append(",\"transport\":")
                            .append(string(l.transport())).append('}');
            sep = ",";
        }
        sb.append("],\"threads\":[");
        sep = "";
        for (RiverSnapshot.Instance t : s.threads()) {
            sb.append(sep).append("{\"module\":").append(string(t.module())).append(",\"node\":").append(string(t.node()))
                            .append(",\"unreachable\":").append(t.unreachable());
            ThreadStatus st = t.status();
            if (st != null) {
                sb.append(",\"state\":").append(string(st.state().name())).append(",\"watersIn\":").append(st.watersIn()).append(",\"operations\":")
                                .append(st.operations()).append(",\"failure\":").append(string(st.failure() == null ? null : st.failure().toString()))
                                .append(",\"report\":").append(string(st.report().toString())).append(",\"outputs\":[");
                String osep = "";
                for (EndStatus e : st.outputs()) {
                    sb.append(osep).append("{\"reservoir\":").append(string(e.reservoir())).append(",\"waters\":").append(e.waters()).append(",\"bytes\":")
                                    .append(e.bytes()).append(",\"credits\":").append(e.credits()).append(",\"window\":").append(e.window()).append('}');
                    osep = ",";
                }
                sb.append(']');
            }
            sb.append('}');
            sep = ",";
        }
        return sb.append("]}").toString();
    }

    /** A JSON string (null as null): quotes, backslashes and control characters escaped. */
    static String string(String v) {
        if (v == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(v.length() + 2).append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
