import { render } from 'preact';
import { App } from './app.tsx';
import './admin.css';

render(<App />, document.getElementById('app')!);
