package tigris;

/**
 * Makes the Waters a reservoir can carry (the thesis's Spring): every reservoir has one, so a
 * module writes its output straight into buffers the reservoir can send without a copy.
 */
public interface Spring {
    /**
     * A new, empty Water of at least {@code size} bytes, owned by the calling thread.
     *
     * @throws IllegalArgumentException if size is not positive or more than this spring makes
     */
    Water createWater(int size);
}
