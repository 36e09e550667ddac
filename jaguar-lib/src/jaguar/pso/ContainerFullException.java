package jaguar.pso;

/** An allocation that does not fit in the space left in its {@link PSOContainer}. */
public class ContainerFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ContainerFullException(String message) {
        super(message);
    }
}
