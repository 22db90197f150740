<?php
// wstools' lab wiki: appended to the LocalSettings.php that install.php wrote.
// @DIR@ is the scratch directory, @EXT@ tests/support/mediawiki (scripts/mediawiki-lab.sh
// fills them in).
if ( !defined( 'MEDIAWIKI' ) ) {
	exit;
}
// Keep every file the wiki writes in the scratch directory (Debian points at /var).
$wgCacheDirectory = '@DIR@/cache';
$wgUploadDirectory = '@DIR@/images';
$wgDBerrorLog = '@DIR@/log/dberror.log';
$wgDebugLogGroups['exception'] = '@DIR@/log/exception.log';
$wgDebugLogGroups['error'] = '@DIR@/log/error.log';
$wgShowExceptionDetails = true;
if ( getenv( 'WSTOOLS_MW_PORT' ) ) {
	$wgServer = 'http://127.0.0.1:' . getenv( 'WSTOOLS_MW_PORT' );
}

// Debian ships the bundled extensions in extensions-core.
$wgExtensionDirectory = "$IP/extensions-core";
wfLoadExtensions( [ 'ParserFunctions', 'Poem', 'Cite', 'Scribunto' ] );
$wgScribuntoDefaultEngine = 'luastandalone';
$wgScribuntoEngineConf['luastandalone']['luaPath'] = '/usr/bin/lua5.1';
$wgPFEnableStringFunctions = false;

// Wikisource's namespaces (ProofreadPage is not packaged: Page: is plain wikitext here).
$wgExtraNamespaces[102] = 'Author';
$wgExtraNamespaces[103] = 'Author_talk';
$wgExtraNamespaces[104] = 'Page';
$wgExtraNamespaces[105] = 'Page_talk';
$wgExtraNamespaces[106] = 'Index';
$wgExtraNamespaces[107] = 'Index_talk';
$wgNamespacesWithSubpages[0] = true;
$wgNamespacesWithSubpages[104] = true;
$wgNamespacesWithSubpages[106] = true;
$wgContentNamespaces = [ 0, 102, 104 ];

// ProofreadPage is not packaged either. A test that needs its API (pywikibot's
// proofreadpage: meta=proofreadinfo, prop=proofread, list=proofreadpagesinindex, an
// Index's <pagelist/>) starts a lab wiki of its own with WSTOOLS_MW_PROOFREADPAGE=1 in the
// environment of `mediawiki-lab.sh up`: then wstools' test double is loaded
// (tests/support/mediawiki/ProofreadPageLab, see its README). Other wikis are as before.
$wstoolsProofreadPage = (bool)getenv( 'WSTOOLS_MW_PROOFREADPAGE' );
if ( $wstoolsProofreadPage ) {
	wfLoadExtension( 'ProofreadPage', '@EXT@/ProofreadPageLab/extension.json' );
}

// Tags of extensions that are not installed vanish instead of showing as text.
$wgHooks['ParserFirstCallInit'][] = static function ( Parser $parser ) use ( $wstoolsProofreadPage ) {
	$stubs = [ 'templatestyles', 'section' ];
	if ( !$wstoolsProofreadPage ) {
		$stubs[] = 'pagequality';
	}
	foreach ( $stubs as $tag ) {
		$parser->setHook( $tag, static function () {
			return '';
		} );
	}
};

// A test oracle: every parse fresh, no throttles, no jobs inside requests.
$wgMainCacheType = CACHE_NONE;
$wgParserCacheType = CACHE_NONE;
$wgRateLimits = [];
$wgPasswordAttemptThrottle = [];
$wgJobRunRate = 0;
$wgEnableUploads = false;
$wgEnableEmail = false;
$wgUseInstantCommons = false;
$wgDisableOutputCompression = true;
$wgEnableBotPasswords = true;
$wgPasswordPolicy['policies']['sysop'] = [];
$wgPasswordPolicy['policies']['bot'] = [];
$wgPasswordPolicy['policies']['default'] = [];
$wgGroupPermissions['*']['createaccount'] = false;
$wgGroupPermissions['*']['edit'] = false;
