package jaguar.jlink;

/** {@code --java-vendor-url=<url>}: the {@code java.vendor.url} property of the linked image. */
public final class JavaVendorUrlPlugin extends VersionPropsConstantPlugin {
    public JavaVendorUrlPlugin() {
        super("java-vendor-url", "VENDOR_URL");
    }
}
