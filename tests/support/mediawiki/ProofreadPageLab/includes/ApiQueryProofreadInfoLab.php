<?php
/**
 * meta=proofreadinfo: the Page and Index namespaces and the quality levels.
 *
 * @license MIT
 */

use MediaWiki\MediaWikiServices;

class ApiQueryProofreadInfoLab extends ApiQueryBase {

	public function execute() {
		$nsInfo = MediaWikiServices::getInstance()->getNamespaceInfo();
		$result = $this->getResult();
		$namespaces = [];
		foreach ( [ 'page' => ProofreadPageLab::PAGE_NS,
			'index' => ProofreadPageLab::INDEX_NS ] as $key => $id ) {
			$namespaces[$key] = [ 'id' => $id, 'name' => $nsInfo->getCanonicalName( $id ) ];
		}
		$result->addValue( 'query', 'proofreadnamespaces', $namespaces );
		$levels = [];
		foreach ( ProofreadPageLab::LEVELS as $id => $category ) {
			$levels[] = [ 'id' => $id, 'category' => $category ];
		}
		ApiResult::setIndexedTagName( $levels, 'level' );
		$result->addValue( 'query', 'proofreadqualitylevels', $levels );
	}

	public function getCacheMode( $params ) {
		return 'public';
	}
}
