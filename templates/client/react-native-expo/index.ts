import { registerRootComponent } from 'expo';

import App from './src/App';

// Registers the app as the root component, for a development build and for release builds alike.
registerRootComponent(App);
