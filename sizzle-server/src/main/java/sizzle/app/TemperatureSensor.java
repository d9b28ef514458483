package sizzle.app;

/** Where the thermostat reads the room temperature: a SPOT's sensor board, a mote's ADC, a test. */
public interface TemperatureSensor {
    /** The current temperature in tenths of a degree Celsius (215 is 21.5 C). */
    int tenthsCelsius();
}
