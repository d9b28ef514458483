package sizzle.bench;

import java.nio.file.Path;

final class TraceScratch {
    public static void main(String[] a) throws Exception {
        CycleFile file = CycleFile.read(Path.of(a[0]));
        CycleFile.Device d = file.devices.get(a[1]);
        CycleFile.Profile p = d.profiles().get(a[2]);
        FlightReplay r = GatewayBench.replay(d.name(), p.name, d.clockHz(), null);
        java.lang.reflect.Field f = FlightReplay.class.getDeclaredField("medium");
        f.setAccessible(true);
        sizzle.gateway.radio.RadioMedium m = (sizzle.gateway.radio.RadioMedium) f.get(r);
        m.trace(true);
        int skip = m.transmissions().size();
        FlightReplay.Result res = r.run(a[3].equals("full") ? p.full : p.abbreviated);
        System.out.println(res);
        for (var t : m.transmissions()) {
            String h = java.util.HexFormat.of().formatHex(t.frame());
            System.out.printf("%8d %8d %d len=%3d %s%n", t.startUs(), t.endUs(), t.from(), t.frame().length, h.substring(0, Math.min(30, h.length())));
        }
        for (FlightReplay.Flight fl : p.full) System.out.println("flight cycles " + fl.cycles() + " c=" + fl.clientBytes() + " s=" + fl.serverBytes());
    }
}
