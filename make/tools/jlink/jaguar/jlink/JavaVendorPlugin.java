package jaguar.jlink;

/** {@code --java-vendor=<name>}: the {@code java.vendor} property of the linked image. */
public final class JavaVendorPlugin extends VersionPropsConstantPlugin {
    public JavaVendorPlugin() {
        super("java-vendor", "VENDOR");
    }
}
