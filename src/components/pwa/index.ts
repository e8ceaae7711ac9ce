// The installable-PWA pieces the app shell places at start-up. The install card is imported
// from './install-prompt' directly by the screens that show it: re-exported here, it would be
// pulled into the first load with the shell.
export { InstallButton } from './install-button';
export { OfflineIndicator } from './offline-indicator';
export { UpdatePrompt } from './update-prompt';
