// The installable-PWA pieces other screens may place.
export { InstallButton, InstallPrompt, IosInstallSteps } from './install-prompt';
export { OfflineIndicator } from './offline-indicator';
export { UpdatePrompt } from './update-prompt';
export { useOnline } from './use-online';
export { useInstallMode } from './install-state';
