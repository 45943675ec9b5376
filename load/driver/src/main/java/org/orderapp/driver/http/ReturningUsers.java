package org.orderapp.driver.http;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.cookie.CookieStore;
import org.orderapp.target.ServerTrust;

/**
 * The users of one load session by number, each coming back with the cookies it had (its HTTP session among them)
 * whenever it is connected again, in the next step or window: a browser that returns, not a new one each time. A new
 * session per user per step is what the server then has to keep: 30 minutes after its last request, up to its bound
 * (order.web.max-active-sessions, 2,000), beyond which a browse search is refused (429); an experiment of 100-user
 * windows every two minutes reached it within a quarter of an hour. A user's cookies are its connection's while it is
 * open and come back when it closes: a user of the last step whose thread outlived its step's end (a request still
 * waiting for its timeout) keeps its own, and the next step's user of that number starts a session of its own rather
 * than share one (a stateful browse) with it.
 */
public final class ReturningUsers {

    private final Map<Integer, CookieStore> idle = new ConcurrentHashMap<>();

    /** A new connection (its own keep-alive connection, as before) for user {@code user}, with the user's cookies. */
    public UserConnection connect(int user, Duration timeout, ServerTrust trust) {
        CookieStore cookies = idle.remove(user);
        CookieStore mine = cookies == null ? new BasicCookieStore() : cookies;
        return new UserConnection(timeout, trust, mine, () -> idle.put(user, mine));
    }
}
