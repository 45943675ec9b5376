package org.orderapp.application;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/**
 * Checks the application's settings when it is deployed: a bad value fails the deployment, and the deployment's
 * failure (what ./order run prints) names the setting, its value and what it may be. Nothing is served with it.
 */
@Startup
@Singleton
public class SettingsCheck {

    @PostConstruct
    void check() {
        Settings.checkAll();
    }
}
